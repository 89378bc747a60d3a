import { launchGameResponseSchema, launchResponseSchema } from '@app/contracts/games';
import { API_PATHS } from '@app/contracts/paths';
import { apiRequest } from '@/lib/api-client';

/** POST /api/player/launch with an empty body: the sports game's address (spec §3: data.data.gameUrl). */
export async function launchSportsGame(): Promise<string> {
  const response = await apiRequest(API_PATHS.launch, { method: 'POST', schema: launchResponseSchema });
  return response.data.data.gameUrl;
}

/** POST /api/player/launch-xzy {gameCode: 'WC'}: the second game's address (spec §3: data.gameUrl). */
export async function launchWcGame(): Promise<string> {
  const response = await apiRequest(API_PATHS.launchGame, {
    method: 'POST',
    body: { gameCode: 'WC' },
    schema: launchGameResponseSchema,
  });
  return response.data.gameUrl;
}
