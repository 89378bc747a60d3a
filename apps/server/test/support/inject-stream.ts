import type { InjectOptions } from 'fastify';
import type { App } from '../../src/http/types.ts';

export type ReadAnswer = {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
  json: () => unknown;
};

/**
 * `app.inject` for tests that call every route: a stream that never ends by
 * itself (the notification stream, text/event-stream) is read up to its first
 * chunk and then closed; any other answer is read whole.
 */
export async function injectReadable(app: App, options: InjectOptions): Promise<ReadAnswer> {
  const response = await app.inject({ ...options, payloadAsStream: true });
  const stream = response.stream();
  const streaming = String(response.headers['content-type'] ?? '').startsWith('text/event-stream');
  const body = await new Promise<string>((resolve, reject) => {
    let read = '';
    stream.on('data', (chunk: Buffer) => {
      read += chunk.toString('utf8');
      if (streaming) resolve(read);
    });
    stream.on('end', () => resolve(read));
    stream.on('error', reject);
    if (options.method === 'HEAD') resolve('');
  });
  stream.destroy();
  return { statusCode: response.statusCode, headers: response.headers, body, json: () => JSON.parse(body) };
}
