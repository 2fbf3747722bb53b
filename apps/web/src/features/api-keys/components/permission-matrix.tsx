import { apiKeyActions, apiKeyResources } from '@doppel/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PermissionMatrix as Matrix } from '../utils/api-key-format';
import { useKeyLabels } from './use-key-labels';

interface PermissionMatrixProps {
  value: Matrix;
  onChange: (next: Matrix) => void;
  /** Already translated. */
  error?: string;
}

/** The four resources × read and write as checkboxes, each named like "Contacts: read". */
export function PermissionMatrix({ value, onChange, error }: PermissionMatrixProps) {
  const { t } = useTranslation('apiKeys');
  const labels = useKeyLabels();
  const legendId = useId();
  const errorId = useId();
  return (
    <fieldset
      aria-labelledby={legendId}
      aria-describedby={error ? errorId : undefined}
      className="grid gap-1.5"
    >
      <legend id={legendId} className="mb-1.5 text-sm font-medium">
        {t('form.permissions')}
      </legend>
      <table className="w-full overflow-hidden rounded-md border text-sm">
        <thead className="bg-subtle text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              {t('form.resource')}
            </th>
            {apiKeyActions.map((action) => (
              <th key={action} scope="col" className="w-24 px-3 py-2 text-center font-medium">
                {t(`form.${action}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {apiKeyResources.map((resource) => (
            <tr key={resource} className="border-t">
              <th scope="row" className="px-3 py-2 text-left font-normal">
                {labels.resource(resource)}
              </th>
              {apiKeyActions.map((action) => (
                <td key={action} className="px-3 py-2 text-center">
                  {/* Native: Radix's checkbox inside a form measures itself with ResizeObserver for no gain here. */}
                  <input
                    type="checkbox"
                    aria-label={labels.permission(resource, action)}
                    checked={value[resource][action]}
                    onChange={(event) =>
                      onChange({
                        ...value,
                        [resource]: { ...value[resource], [action]: event.currentTarget.checked },
                      })
                    }
                    className="size-5 align-middle accent-primary md:size-4"
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
