import type { FastifyReply } from 'fastify';

/** Tells the client that an idempotent request's answer is a replay of the first one. */
export function markReplay(reply: FastifyReply, replayed: boolean): void {
  if (replayed) reply.header('idempotent-replayed', 'true');
}
