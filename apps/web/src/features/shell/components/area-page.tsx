import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/coming-soon';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AREAS, type AreaKey } from '../nav-items';

/** Placeholder for an area whose screens are not built yet: what it is and what will be here. */
export function AreaPage({ area }: { area: AreaKey }) {
  const { t } = useTranslation('shell');
  const title = t(`areas.${area}.title`);
  useDocumentTitle(title);
  return (
    <div className="flex min-h-[60dvh] items-center justify-center">
      <ComingSoon
        icon={AREAS[area].icon}
        title={title}
        description={t(`areas.${area}.description`)}
        badge={t('comingSoon')}
      />
    </div>
  );
}
