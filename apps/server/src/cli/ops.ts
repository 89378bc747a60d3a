import { parseArgs } from 'node:util';
import { translate } from '@app/contracts/messages';
import { ZodError } from 'zod';
import { DataDirLockedError, openDatabase } from '../db/database.ts';
import { ConfigError, loadConfig } from '../env.ts';
import { AppError } from '../lib/app-error.ts';
import { migrate } from '../migrations.ts';
import { BackupError } from '../modules/backup/backup.ts';
import { ensureHouseAccounts } from '../modules/ledger/ledger.service.ts';
import { ensureSystemOperator, SYSTEM_OPERATORS } from '../modules/operators/operator.service.ts';
import { COMMANDS, type CommandInput, UsageError } from './commands.ts';

/**
 * `npm run ops -- <command>`: the operator's command line. It drives the same
 * services as the operator API, against the configured database, and every
 * action is audited as the operator `cli`. The embedded database can be
 * opened only while the server is stopped; a running server answers the same
 * actions through its operator API.
 */
const OPTION_NAMES = [
  'username',
  'name',
  'password',
  'status',
  'limit',
  'note',
  'reason',
  'phone',
  'deposit',
  'key',
  'from-bank',
  'from-account',
  'to-account',
  'amount',
  'reference',
  'url',
  'secret',
  'file',
] as const;

function help(): string {
  const lines = Object.values(COMMANDS).map((command) => `  ${command.usage}\n      ${command.description}`);
  return `Usage: npm run ops -- <command> [arguments]\n\nCommands:\n${lines.join('\n')}\n\nConfiguration comes from the environment, as for the server (DATABASE_URL, DATA_DIR, ...).`;
}

async function run(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (name === undefined || name === '--help' || name === 'help') {
    console.log(help());
    return 0;
  }
  if (!command) {
    console.error(`unknown command "${name}"\n\n${help()}`);
    return 2;
  }
  const parsed = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      ...Object.fromEntries(OPTION_NAMES.map((option) => [option, { type: 'string' as const }])),
      help: { type: 'boolean' },
    },
  });
  if (parsed.values.help) {
    console.log(`Usage: npm run ops -- ${command.usage}\n${command.description}`);
    return 0;
  }
  const values: Record<string, string | boolean | undefined> = parsed.values;
  const options = Object.fromEntries(
    OPTION_NAMES.map((option) => [option, typeof values[option] === 'string' ? values[option] : undefined]),
  );
  const config = loadConfig();
  const input: CommandInput = { positionals: parsed.positionals, options, ctx: undefined, config, print: console.log };
  if (!command.needsDatabase) return command.run(input);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 2,
    lockWaitMs: 0,
  });
  try {
    await migrate(database.db);
    const cli = await ensureSystemOperator(database.db, SYSTEM_OPERATORS.cli);
    const house = await ensureHouseAccounts(database.db);
    input.ctx = { db: database.db, house, config, actor: { operatorId: cli.id, name: cli.username } };
    return await command.run(input);
  } finally {
    await database.close();
  }
}

function report(error: unknown): number {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n(npm run ops -- --help lists the commands)`);
    return 2;
  }
  if (error instanceof AppError) {
    console.error(`${error.errorCode}: ${translate(error.messageKey, 'en', error.params)}`);
    return 1;
  }
  if (error instanceof ZodError || error instanceof TypeError) {
    console.error(`invalid arguments: ${error.message}`);
    return 2;
  }
  if (error instanceof DataDirLockedError) {
    console.error(
      `${error.message}\nThe CLI needs the embedded database to itself: stop the server first, or use the operator API while it runs.`,
    );
    return 2;
  }
  if (error instanceof ConfigError || error instanceof BackupError) {
    console.error(error.message);
    return 2;
  }
  console.error(error);
  return 1;
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => process.exit(report(error)),
);
