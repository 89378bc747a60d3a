import {
  type OperatorEnrolRequest,
  type OperatorLoginRequest,
  operatorEnrolResponseSchema,
  operatorLoginResponseSchema,
} from '@app/contracts/admin';
import { messageResponseSchema } from '@app/contracts/common';
import { ADMIN_PATHS } from '@app/contracts/paths';
import { apiRequest } from '@/lib/api-client';

/** POST /admin/auth/login: signed in, or (first sign-in) the second factor to enrol. */
export function signIn(request: OperatorLoginRequest) {
  return apiRequest(ADMIN_PATHS.login, { method: 'POST', body: request, schema: operatorLoginResponseSchema });
}

/** POST /admin/auth/enrol: the first code from the authenticator app finishes the enrolment and signs in. */
export function enrol(request: OperatorEnrolRequest) {
  return apiRequest(ADMIN_PATHS.enrol, { method: 'POST', body: request, schema: operatorEnrolResponseSchema });
}

/** POST /admin/auth/logout: ends this operator session on the server. */
export function signOut() {
  return apiRequest(ADMIN_PATHS.logout, { method: 'POST', body: {}, schema: messageResponseSchema });
}
