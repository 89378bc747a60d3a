import {
  type HouseAccount,
  type houseAccountRequestSchema,
  houseAccountResponseSchema,
  houseAccountsResponseSchema,
  houseAccountUpdateSchema,
} from '@app/contracts/admin';
import { ADMIN_PATHS, fillPath } from '@app/contracts/paths';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { QUERY_KEYS } from '@/lib/query-keys';

export type HouseAccountCreate = z.output<typeof houseAccountRequestSchema>;
export type HouseAccountChange = z.output<typeof houseAccountUpdateSchema>;

/** GET /admin/house-accounts: every house account, hidden ones too. */
export function useHouseAccounts() {
  return useQuery({
    queryKey: QUERY_KEYS.houseAccounts,
    queryFn: ({ signal }) => apiRequest(ADMIN_PATHS.houseAccounts, { schema: houseAccountsResponseSchema, signal }),
    select: (response) => response.data,
  });
}

/** POST a new house account, or PATCH an existing one with only what changed; the list refreshes. */
export function useSaveHouseAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      input: { id: number; changes: HouseAccountChange } | { id?: undefined; account: HouseAccountCreate },
    ) =>
      input.id === undefined
        ? apiRequest(ADMIN_PATHS.houseAccounts, {
            method: 'POST',
            body: input.account,
            schema: houseAccountResponseSchema,
          })
        : apiRequest(fillPath(ADMIN_PATHS.houseAccount, { id: input.id }), {
            method: 'PATCH',
            body: input.changes,
            schema: houseAccountResponseSchema,
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.houseAccounts }),
  });
}

/** Only the fields that differ from the account as it is: a PATCH names nothing else. */
export function houseAccountChanges(account: HouseAccount, values: HouseAccountCreate) {
  const changes: Partial<HouseAccountCreate> = {};
  if (values.bankCode !== account.bankCode) changes.bankCode = values.bankCode;
  if (values.bankNumber !== account.bankNumber) changes.bankNumber = values.bankNumber;
  if (values.fullName !== account.fullName) changes.fullName = values.fullName;
  if ((values.promptpayId ?? null) !== account.promptpayId) changes.promptpayId = values.promptpayId ?? null;
  if (values.active !== account.active) changes.active = values.active;
  if (values.sortOrder !== account.sortOrder) changes.sortOrder = values.sortOrder;
  return houseAccountUpdateSchema.parse(changes);
}
