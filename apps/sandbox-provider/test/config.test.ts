import { PROVIDER_WALLET_PATHS, SANDBOX_CONTROL_PATHS } from '@app/contracts/provider';
import { describe, expect, it } from 'vitest';
import { buildSandbox } from '../src/app.ts';
import { loadSandboxConfig } from '../src/config.ts';
import { MATCHES, matchResult } from '../src/sports.ts';
import { signed, testConfig } from './support.ts';

const SECRET = 'sandbox-config-test-secret-0123456789abcdef';

describe('defect 4: the sandbox is no money printer', () => {
  it('without SANDBOX_SEED each process draws its own secret seed (64 hex digits): the published default is gone', () => {
    const seeds = [loadSandboxConfig({ PROVIDER_SECRET: SECRET }), loadSandboxConfig({ PROVIDER_SECRET: SECRET })].map(
      (config) => config.seed,
    );
    for (const seed of seeds) expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(seeds[0]).not.toBe(seeds[1]);
    expect(seeds).not.toContain('siam-play-sandbox');
  });

  it('a player who reads the bet ids and knows the old published seed predicts the results no better than chance', async () => {
    // The tests' configuration without their fixed seed (an empty variable counts as unset).
    const config = testConfig({ SANDBOX_SEED: '' });
    const sandbox = await buildSandbox(config);
    const match = MATCHES[1];
    if (!match) throw new Error('the sandbox has matches');
    const stakeMinor = 1_000;
    const bets = 40;
    try {
      await signed(sandbox, PROVIDER_WALLET_PATHS.creditIn, {
        reference: 'c-in',
        playerRef: 'p',
        amountMinor: 1_000_000,
      });
      let agreed = 0;
      let credit = 1_000_000;
      for (let index = 0; index < bets; index += 1) {
        const placed = await signed(sandbox, SANDBOX_CONTROL_PATHS.sportsBet, {
          playerRef: 'p',
          matchId: match.id,
          pick: 'home',
          stakeMinor,
        });
        const guess = matchResult('siam-play-sandbox', { id: placed.json().betId, matchId: match.id }, match.odds);
        await signed(sandbox, SANDBOX_CONTROL_PATHS.sportsSettle, { playerRef: 'p' });
        const state = await signed(sandbox, SANDBOX_CONTROL_PATHS.state, { playerRefs: ['p'] });
        expect(state.body).not.toContain(config.seed);
        const after = state.json().players[0].currentCreditMinor as number;
        const won = after > credit - stakeMinor;
        credit = after;
        if (won === (guess === 'home')) agreed += 1;
      }
      // With the published seed every guess was right; by chance, all 40 agree with odds of about 1 in 10^9.
      expect(agreed).toBeLessThan(bets);
    } finally {
      await sandbox.close();
    }
  });

  it('listens where the server does: 127.0.0.1 unless told, HOST when only the server’s is given, SANDBOX_HOST above both', () => {
    expect(loadSandboxConfig({ PROVIDER_SECRET: SECRET }).host).toBe('127.0.0.1');
    expect(loadSandboxConfig({ PROVIDER_SECRET: SECRET, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadSandboxConfig({ PROVIDER_SECRET: SECRET, HOST: '0.0.0.0', SANDBOX_HOST: '10.0.0.5' }).host).toBe(
      '10.0.0.5',
    );
  });
});
