import { buildSandbox } from './app.ts';
import { loadSandboxConfig, SandboxConfigError } from './config.ts';
import { SandboxStateError } from './state.ts';

const SHUTDOWN_GRACE_MS = 5_000;

async function main(): Promise<void> {
  const config = loadSandboxConfig();
  const app = await buildSandbox(config);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'sandbox provider shutting down');
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    await app.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    if ((error as { code?: string }).code !== 'EADDRINUSE') throw error;
    throw new SandboxConfigError(
      `Port ${config.port} on ${config.host} is already in use (is SIAM PLAY already running?). ` +
        `Stop the other program, or choose other ports: PORT=${config.port + 9} npm start (the sandbox takes PORT + 1)`,
    );
  }
  app.log.info({ publicUrl: config.publicUrl, serverUrl: config.serverUrl }, 'sandbox provider ready');
}

main().catch((error: unknown) => {
  // A configuration or state-file problem is a sentence for the operator; anything else keeps its stack.
  const known = error instanceof SandboxConfigError || error instanceof SandboxStateError;
  console.error(known ? error.message : error);
  process.exit(1);
});
