import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldValues, type UseFormProps, useForm } from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';

/**
 * The one form pattern of both apps: react-hook-form driven by a zod schema,
 * usually the contract's own, so that the browser checks exactly what the
 * server will. Errors appear after the first submit and then follow the
 * user's corrections as they type. The submit handler receives the schema's
 * output (trimmed, converted), not the raw inputs.
 */
export function useZodForm<Input extends FieldValues, Output extends FieldValues>(
  schema: $ZodType<Output, Input>,
  options: Omit<UseFormProps<Input, unknown, Output>, 'resolver'> = {},
) {
  return useForm<Input, unknown, Output>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...options,
    resolver: zodResolver(schema),
  });
}
