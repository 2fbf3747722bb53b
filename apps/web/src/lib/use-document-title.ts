import { useEffect } from 'react';

export const BRAND_NAME = 'Doppel';

/** Sets the tab title to "<page> · Doppel" while the page is shown. */
export function useDocumentTitle(pageTitle: string | null | undefined): void {
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${BRAND_NAME}` : BRAND_NAME;
  }, [pageTitle]);
}
