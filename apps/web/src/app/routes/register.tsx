// Every English string (the entry chunk has only the first screen's): registered before this route draws.
import '@/lib/english-texts';
import { RegisterForm } from '@/features/auth/components/register-form';

export function RegisterRoute() {
  return <RegisterForm />;
}
