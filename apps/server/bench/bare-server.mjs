// The bench's baseline: a bare Fastify route in its own Node process, driven
// by the same load generator as the product. What the framework and Node give
// on this machine with nothing of ours in the way.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ success: true, data: { balance: 0 } }));
app.get('/health', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
