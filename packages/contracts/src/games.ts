import { z } from 'zod/mini';

/** What became of a transfer between the main wallet and the game provider. */
export const TRANSFER_STATUSES = ['COMPLETED', 'PENDING'] as const;

/**
 * POST /api/player/transfer-out and /api/player/transfer-in (empty bodies):
 * the whole main balance goes to the provider, or the whole provider credit
 * comes back. PENDING (HTTP 202) means the provider's answer is not known yet;
 * the server settles it by itself.
 */
export const transferResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ status: z.enum(TRANSFER_STATUSES), amount: z.number() }),
});
export type TransferResponse = z.infer<typeof transferResponseSchema>;

/** POST /api/player/launch: the sports game's address (spec §3: data.data.gameUrl). */
export const launchResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ data: z.object({ gameUrl: z.string() }) }),
});
export type LaunchResponse = z.infer<typeof launchResponseSchema>;

/** The second game's code (spec §7: WC); others the chooser lists are not connected yet. */
export const GAME_CODES = ['WC'] as const;

export const launchGameRequestSchema = z.object({
  gameCode: z.pipe(
    z.pipe(
      z.string({ error: 'game_unknown' }).check(z.trim(), z.maxLength(32, { error: 'game_unknown' })),
      z.transform((code: string) => code.toUpperCase()),
    ),
    z.enum(GAME_CODES, { error: 'game_unknown' }),
  ),
});
export type LaunchGameRequest = z.input<typeof launchGameRequestSchema>;

/** POST /api/player/launch-xzy: the second game's address (spec §3: data.gameUrl). */
export const launchGameResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ gameUrl: z.string() }),
});
export type LaunchGameResponse = z.infer<typeof launchGameResponseSchema>;
