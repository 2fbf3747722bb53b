import {
  useForm,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type UseFormProps,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { useFieldMessage, type FormMessageScope, type MessageValues } from './field-messages';
import { serverFieldErrors, type ServerFieldMap } from './server-errors';
import { zodResolver } from './zod-resolver';

export interface ZodForm<Input extends FieldValues, Output extends FieldValues> {
  form: UseFormReturn<Input, unknown, Output>;
  /** The text of a field's problem (from the schema or the server), or undefined. */
  errorText: (name: Path<Input>) => string | undefined;
  /** Registers an input whose problem goes as soon as it is edited. */
  field: (name: Path<Input>, options?: RegisterOptions<Input, Path<Input>>) => UseFormRegisterReturn;
  /** Marks the fields a server's validation_failed named; true when any was marked. */
  showServerErrors: (error: unknown, fields: ServerFieldMap<Path<Input>>) => boolean;
}

/**
 * The form kit: react-hook-form checked by a contracts' zod schema, problems shown on submit and
 * gone once their field is edited, and every message read through the one dictionary
 * (field-messages.ts) under the form's scope.
 */
export function useZodForm<Input extends FieldValues, Output extends FieldValues = Input>(
  schema: z.ZodType<Output, Input>,
  {
    messages,
    messageValues,
    ...options
  }: UseFormProps<Input, unknown, Output> & { messages: FormMessageScope; messageValues?: MessageValues },
): ZodForm<Input, Output> {
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    ...options,
  });
  const message = useFieldMessage(messages, messageValues);
  return {
    form,
    errorText: (name) => message(form.getFieldState(name, form.formState).error),
    field: (name, registerOptions) =>
      form.register(name, {
        ...registerOptions,
        onChange: (event: unknown) => {
          form.clearErrors(name);
          return registerOptions?.onChange?.(event);
        },
      }),
    showServerErrors: (error, fields) => {
      const found = Object.entries(serverFieldErrors(error, fields)) as Array<[Path<Input>, string]>;
      for (const [name, key] of found) form.setError(name, { type: 'server', message: key });
      return found.length > 0;
    },
  };
}
