import { useZodForm } from '@app/web-kit/use-zod-form';
import { type ChangeEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { useSubmitDeposit } from '@/features/deposit/api/submit-deposit';
import { slipAmountSchema, slipProblem } from '@/features/deposit/utils/deposit-rules';
import { ApiError } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency';
import { usePlayerLimits } from '@/lib/money-settings';

/**
 * Spec §5 confirm-deposit: a positive amount of whole baht, and a slip. The
 * slip's type and size are checked when it is chosen (a wrong file is never
 * kept), so here it only has to be there.
 */
const confirmDepositFormSchema = (minSatang: number) =>
  z.object({
    amount: slipAmountSchema(minSatang),
    slip: z
      .custom<File | null>((value) => value instanceof File, { error: 'deposit.slipRequired' })
      .transform((value) => value as File),
  });

/** A request that may be resent as is: the same amount, the same file, the same key. */
type Attempt = { amount: string; slip: File; key: string };

/**
 * A failure after which the server may or may not have recorded the deposit:
 * no answer at all, or a gateway's 5xx. A retry of the same amount and slip
 * then keeps the Idempotency-Key, so the server records the deposit once.
 */
function answerMayBeLost(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

/**
 * The confirm-deposit form: the amount, the slip (checked when chosen, with a preview), and the send with an
 * Idempotency-Key kept for a retry of the same amount and slip.
 */
export function useConfirmDepositForm() {
  const submitDeposit = useSubmitDeposit();
  const slipInput = useRef<HTMLInputElement>(null);
  const lastAttempt = useRef<Attempt | null>(null);
  const { depositMinSatang } = usePlayerLimits();
  const schema = useMemo(() => confirmDepositFormSchema(depositMinSatang), [depositMinSatang]);
  const form = useZodForm(schema, { defaultValues: { amount: '', slip: null } });
  const slip = useWatch({ control: form.control, name: 'slip' });
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  /** The last failure: the server's message, or '' when it gave none (then the generic title says it all). */
  const [failure, setFailure] = useState<{ message: string } | null>(null);

  // One object URL per chosen slip, revoked when the slip is replaced or removed, or the modal closes.
  useEffect(() => {
    if (!slip) {
      setPreviewUrl(null);
      return;
    }
    const url = URL.createObjectURL(slip);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [slip]);

  function idempotencyKeyFor(amount: string, file: File): string {
    const last = lastAttempt.current;
    if (last && last.amount === amount && last.slip === file) return last.key;
    const key = newIdempotencyKey();
    lastAttempt.current = { amount, slip: file, key };
    return key;
  }

  function chooseSlip(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    const problem = slipProblem(file);
    if (problem) {
      // A wrong file is not kept: the input is emptied so that choosing it again still reports it.
      event.target.value = '';
      form.setValue('slip', null);
      form.setError('slip', { message: problem });
      return;
    }
    form.setValue('slip', file, { shouldValidate: form.formState.isSubmitted });
    form.clearErrors('slip');
  }

  function removeSlip() {
    form.setValue('slip', null, { shouldValidate: form.formState.isSubmitted });
    if (slipInput.current) slipInput.current.value = '';
    slipInput.current?.focus();
  }

  const onSubmit = form.handleSubmit(({ amount: typed, slip: file }) => {
    if (submitDeposit.isPending) return;
    setFailure(null);
    // "007" is 7 baht; the server reads the text as typed.
    const amount = String(Number(typed));
    submitDeposit.mutate(
      { amount, slip: file, idempotencyKey: idempotencyKeyFor(amount, file) },
      {
        onError: (error) => {
          if (!answerMayBeLost(error)) lastAttempt.current = null;
          setFailure({ message: error instanceof ApiError ? error.serverMessage : '' });
        },
      },
    );
  });

  return {
    form,
    slip,
    previewUrl,
    failure,
    chooseSlip,
    removeSlip,
    onSubmit,
    submitDeposit,
    slipInput,
    depositMinSatang,
  };
}
