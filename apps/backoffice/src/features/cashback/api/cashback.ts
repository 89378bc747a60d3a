import {
  adminCashbackPayoutsResponseSchema,
  adminCashbackScheduleResponseSchema,
  adminCashbackSchedulesResponseSchema,
  type CashbackScheduleRequest,
  type CashbackStatus,
  cashbackRunResponseSchema,
} from '@app/contracts/cashback';
import { ADMIN_PATHS, fillPath } from '@app/contracts/paths';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { QUERY_KEYS } from '@/lib/query-keys';

/** GET /admin/cashback/schedules: every schedule, paused ones too, with what it paid and its last run. */
export function useCashbackSchedules() {
  return useQuery({
    queryKey: QUERY_KEYS.cashback,
    queryFn: ({ signal }) =>
      apiRequest(ADMIN_PATHS.cashbackSchedules, { schema: adminCashbackSchedulesResponseSchema, signal }),
    select: (response) => response.data,
  });
}

/** POST a new schedule or PUT a changed one (a pause is a change of status); audited by the server. */
export function useSaveCashbackSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, schedule }: { id?: number; schedule: CashbackScheduleRequest }) =>
      id === undefined
        ? apiRequest(ADMIN_PATHS.cashbackSchedules, {
            method: 'POST',
            body: schedule,
            schema: adminCashbackScheduleResponseSchema,
          })
        : apiRequest(fillPath(ADMIN_PATHS.cashbackSchedule, { id }), {
            method: 'PUT',
            body: schedule,
            schema: adminCashbackScheduleResponseSchema,
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.cashback }),
  });
}

/** POST …/run: settle the schedule's last due period now; nobody is paid twice. */
export function useRunCashback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(fillPath(ADMIN_PATHS.cashbackScheduleRun, { id }), {
        method: 'POST',
        schema: cashbackRunResponseSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.cashback }),
  });
}

/** GET /admin/cashback/payouts: a page of payouts, newest period first, of one status or all. */
export function useCashbackPayouts(filters: { status: CashbackStatus | undefined; page: number }) {
  return useQuery({
    queryKey: [...QUERY_KEYS.cashback, 'payouts', filters],
    queryFn: ({ signal }) =>
      apiRequest(ADMIN_PATHS.cashbackPayouts, {
        query: { page: filters.page, ...(filters.status ? { status: filters.status } : {}) },
        schema: adminCashbackPayoutsResponseSchema,
        signal,
      }),
    select: (response) => response.data,
    placeholderData: keepPreviousData,
  });
}
