/**
 * A player's signed-in session, as a verified token names it. A leaf of the
 * auth module (it imports nothing), so the modules that act for a session
 * (player, wallet) can name it without importing the auth service, which
 * itself builds on the player service.
 */
export type Session = { sessionId: string; playerId: number };
