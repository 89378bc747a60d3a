import { API_PATHS } from '@app/contracts/paths';
import { withdrawResponseSchema } from '@app/contracts/wallet';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withdraw } from '@/features/withdraw/api/withdraw';
import { ApiError, apiRequest } from '@/lib/api-client';
import { RESEND, resendTiming, sendKeyed } from '@/lib/idempotency';

const accepted = {
  success: true,
  message: 'Your withdrawal is in progress.',
  data: {
    id: 41,
    createdAt: '2025-05-01T10:00:00.000Z',
    type: 'WITHDRAW',
    status: 'WAITING',
    amount: 300,
    beforeAmount: 1000,
    afterAmount: 700,
  },
};

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}
const unavailable = (retryAfter?: string) =>
  json(
    503,
    {
      success: false,
      status: 503,
      message: 'The service is temporarily unavailable.',
      data: { errorCode: 'SERVICE_UNAVAILABLE' },
    },
    retryAfter === undefined ? {} : { 'retry-after': retryAfter },
  );

/** fetch answering in turn (a function: that outcome; an Error: no answer at all), and the keys each send carried. */
function answers(...replies: (Response | Error)[]) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    const reply = replies.shift();
    if (!reply) throw new Error('more sends than the test expected');
    if (reply instanceof Error) throw reply;
    return reply;
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    keys: () => fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get('Idempotency-Key')),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a money request that gets no answer is sent again with the same Idempotency-Key, never a new one', () => {
  it('no answer, then a 503 with Retry-After, then the answer: three sends, one key, the Retry-After waited', async () => {
    const waits: number[] = [];
    vi.spyOn(resendTiming, 'wait').mockImplementation(async (ms) => {
      waits.push(ms);
    });
    const { keys } = answers(new TypeError('Failed to fetch'), unavailable('2'), json(200, accepted));
    const result = await withdraw({ amount: 300 }, 'key-of-this-withdrawal');
    expect(result.data.amount).toBe(300);
    expect(keys()).toEqual(['key-of-this-withdrawal', 'key-of-this-withdrawal', 'key-of-this-withdrawal']);
    // The first wait is the short step (no Retry-After on a lost answer); the second is the server's 2 s.
    expect(waits).toEqual([RESEND.stepMs, 2000]);
  });

  it('the balancer found no instance to answer (502, 504): sent again with the same key', async () => {
    vi.spyOn(resendTiming, 'wait').mockResolvedValue();
    const { keys } = answers(
      new Response('<html>bad gateway</html>', { status: 502 }),
      new Response('', { status: 504 }),
      json(200, accepted),
    );
    await withdraw({ amount: 300 }, 'k-1');
    expect(keys()).toEqual(['k-1', 'k-1', 'k-1']);
  });

  it('bounded: after RESEND.maxSends sends with no answer the caller gets the failure (and keeps the key for the player)', async () => {
    vi.spyOn(resendTiming, 'wait').mockResolvedValue();
    const lost = Array.from({ length: RESEND.maxSends }, () => new TypeError('Failed to fetch'));
    const { keys } = answers(...lost);
    const failure = await withdraw({ amount: 300 }, 'k-2').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(0);
    expect(keys()).toEqual(Array.from({ length: RESEND.maxSends }, () => 'k-2'));
  });

  it('a Retry-After longer than RESEND.maxWaitMs is cut to it', async () => {
    const waits: number[] = [];
    vi.spyOn(resendTiming, 'wait').mockImplementation(async (ms) => {
      waits.push(ms);
    });
    answers(unavailable('3600'), json(200, accepted));
    await withdraw({ amount: 300 }, 'k-3');
    expect(waits).toEqual([RESEND.maxWaitMs]);
  });

  it('an answer is never resent: a refusal (4xx) or a server error (500) ends it after one send', async () => {
    const wait = vi.spyOn(resendTiming, 'wait').mockResolvedValue();
    for (const [status, errorCode] of [
      [403, 'ACCOUNT_FROZEN'],
      [409, 'REQUEST_IN_PROGRESS'],
      [500, 'INTERNAL_ERROR'],
    ] as const) {
      const { fetchMock } = answers(json(status, { success: false, status, message: 'no', data: { errorCode } }));
      await expect(withdraw({ amount: 300 }, 'k-4')).rejects.toMatchObject({ status, errorCode });
      expect(fetchMock).toHaveBeenCalledTimes(1);
    }
    expect(wait).not.toHaveBeenCalled();
  });

  it('the Retry-After header reaches the error (seconds)', async () => {
    answers(unavailable('7'));
    const failure = await apiRequest(API_PATHS.withdraw, {
      method: 'POST',
      body: { amount: 1 },
      schema: withdrawResponseSchema,
    }).catch((error: unknown) => error);
    expect((failure as ApiError).retryAfterSeconds).toBe(7);
  });

  it('sendKeyed waits for real between sends by default', async () => {
    vi.useFakeTimers();
    try {
      let sends = 0;
      const result = sendKeyed(async () => {
        sends += 1;
        if (sends === 1) throw new ApiError(503, '', 'SERVICE_UNAVAILABLE', 1);
        return 'done';
      });
      await vi.advanceTimersByTimeAsync(999);
      expect(sends).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      await expect(result).resolves.toBe('done');
      expect(sends).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
