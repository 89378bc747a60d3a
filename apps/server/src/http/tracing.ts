import type { Span, Tracer } from '@opentelemetry/api';
import type { App } from './types.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's span, when tracing is on. */
    span: Span | null;
  }
}

/**
 * OpenTelemetry tracing, off unless OTEL_EXPORTER_OTLP_ENDPOINT
 * is set: then every request is a server span, exported over OTLP/HTTP in
 * batches, named by its route pattern and carrying its request id (the
 * `request.id` attribute: the same id as its log lines and an error
 * answer's `requestId`). The provider is the app's own, not a global one,
 * and is flushed and shut down when the app closes. The OpenTelemetry
 * packages are loaded only then: an instance without tracing never loads them.
 */
export async function registerTracing(app: App, options: { endpoint: string; serviceName: string }): Promise<void> {
  const [
    { SpanKind, SpanStatusCode },
    { OTLPTraceExporter },
    { resourceFromAttributes },
    { BasicTracerProvider, BatchSpanProcessor },
  ] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/sdk-trace-base'),
  ]);
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [
      new BatchSpanProcessor(new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/$/, '')}/v1/traces` }), {
        scheduledDelayMillis: 1000,
      }),
    ],
  });
  const tracer: Tracer = provider.getTracer('siam-play');
  app.decorateRequest('span', null);
  app.addHook('onRequest', async (request) => {
    request.span = tracer.startSpan(`${request.method} ${request.routeOptions.url ?? 'unmatched'}`, {
      kind: SpanKind.SERVER,
      attributes: {
        'http.request.method': request.method,
        'http.route': request.routeOptions.url ?? 'unmatched',
        'request.id': request.id,
      },
    });
  });
  app.addHook('onResponse', async (request, reply) => {
    const span = request.span;
    if (!span) return;
    span.setAttribute('http.response.status_code', reply.statusCode);
    if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
  app.addHook('onClose', async () => {
    await provider.shutdown();
  });
}
