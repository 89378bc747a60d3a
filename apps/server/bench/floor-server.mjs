// The bench's driver floor: the balance read's one query, as the
// product runs it (the same SQL, the same driver, a pool of the product's
// size), behind a bare Fastify route in its own process, answered with
// JSON.stringify and nothing else: no session check of its own, no schema,
// no hooks. What the database and the driver give a read on this machine;
// the product's balance and history are measured against it in the same run.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DB_POOL_SIZE ?? 10) });
// The product's balance query (player.repository.ts, accountsForSession): accounts, provider registration, session.
const BALANCE = `select a.id, a.kind, a.provider, a.balance, pp.player_ref, pp.registered_at
  from ledger_accounts as a
  left join provider_players as pp on pp.player_id = a.player_id and pp.provider = $2
 where a.player_id = $1 and session_active($3::uuid, $1)`;

const app = Fastify({ logger: false });
app.get('/floor/balance', async (request, reply) => {
  const { p, s } = request.query;
  // Named, as the product sends it (src/db/prepared.ts): parsed once per connection.
  const { rows } = await pool.query({ name: 'accounts_for_session', text: BALANCE, values: [Number(p), 'ufa', s] });
  return reply.type('application/json').send(JSON.stringify({ success: true, data: rows }));
});
app.get('/health', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
