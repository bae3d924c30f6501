/**
 * A Fastify hello-world on a loopback port (PORT): the most this machine's Node and Fastify answer,
 * the baseline of bench/api. Run in a process of its own, as the real server is.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
