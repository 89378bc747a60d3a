import { type RegisterRequest, registerFieldsSchema } from '@app/contracts/auth';
import { BANKS, type Bank, bankNumberProblem, DEFAULT_BANK_CODE, findBank } from '@app/contracts/banks';
import { REGISTER_AGENT_ID } from '@app/contracts/limits';
import { useZodForm } from '@app/web-kit/use-zod-form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { useLogin } from '@/features/auth/api/login';
import { useRegister } from '@/features/auth/api/register';
import { type RegisterConflict, registerConflict } from '@/features/auth/utils/register-conflict';
import { ApiError } from '@/lib/api-client';

export const defaultBank: Bank = findBank(DEFAULT_BANK_CODE) ?? BANKS[0];

/** The fields the player types; the rest of the payload (agent, bank, LINE id) is filled in on submit. */
const registerFormSchema = z.pick(registerFieldsSchema, {
  phoneNumber: true,
  password: true,
  fullName: true,
  bankNumber: true,
});
export type RegisterField = keyof z.input<typeof registerFormSchema>;

export type AutoLogin = 'idle' | 'pending' | 'done' | 'failed';

/**
 * The register form's state and flow (spec §4): the rules of §5 (the contract's schema, and the bank number's
 * length by the bank chosen), the send, a conflict (phone or bank account in use), then the automatic sign-in.
 */
export function useRegisterForm() {
  const { t } = useTranslation();
  const register = useRegister();
  const login = useLogin();
  const form = useZodForm(registerFormSchema, {
    defaultValues: { phoneNumber: '', password: '', fullName: '', bankNumber: '' },
  });
  const [bank, setBank] = useState<{ code: string; name: string }>({ code: defaultBank.code, name: defaultBank.name });
  const [serverError, setServerError] = useState('');
  const [conflict, setConflict] = useState<RegisterConflict | null>(null);
  const [autoLogin, setAutoLogin] = useState<AutoLogin>('idle');

  const onSubmit = form.handleSubmit((fields) => {
    if (register.isPending) return;
    setServerError('');
    // The number's length depends on the bank chosen beside it: 10 digits, or 12 at GSB, GHB and BAAC.
    const bankNumberError = bankNumberProblem(bank.code, fields.bankNumber);
    if (bankNumberError) {
      form.setError('bankNumber', { message: bankNumberError }, { shouldFocus: true });
      return;
    }
    const payload: RegisterRequest = {
      agentId: REGISTER_AGENT_ID,
      ...fields,
      bankCode: bank.code,
      bankName: bank.name,
      lineId: fields.phoneNumber,
    };
    register.mutate(payload, {
      onSuccess: () => {
        setAutoLogin('pending');
        login.mutate(
          { username: fields.phoneNumber, password: fields.password },
          { onSuccess: () => setAutoLogin('done'), onError: () => setAutoLogin('failed') },
        );
      },
      onError: async (failure) => {
        const kind = await registerConflict(failure).catch(() => null);
        if (kind) {
          setConflict(kind);
          return;
        }
        setServerError(
          failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : t('register.failed'),
        );
      },
    });
  });

  return {
    form,
    bank,
    setBank,
    serverError,
    conflict,
    setConflict,
    autoLogin,
    onSubmit,
    isPending: register.isPending,
  };
}
