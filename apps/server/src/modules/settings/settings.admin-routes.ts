import {
  adminRewardResponseSchema,
  adminRewardsResponseSchema,
  adminSettingsResponseSchema,
  houseAccountRequestSchema,
  houseAccountResponseSchema,
  houseAccountsResponseSchema,
  houseAccountUpdateSchema,
  idParamsSchema,
  rewardRequestSchema,
  rewardUpdateSchema,
  settingParamsSchema,
  updateSettingRequestSchema,
} from '@app/contracts/admin';
import { ADMIN_PATHS } from '@app/contracts/paths';
import type { Db } from '../../db/database.ts';
import type { Config } from '../../env.ts';
import { OPERATOR_SECURITY } from '../../http/docs.ts';
import { errorResponses } from '../../http/errors.ts';
import { actorOf, operatorOf } from '../../http/principal.ts';
import type { App } from '../../http/types.ts';
import { rewardImageRoutes } from './reward-image.routes.ts';
import type { RewardImageStorage } from './reward-image-storage.ts';
import {
  listAllRewards,
  listAllSettings,
  listHouseAccounts,
  saveHouseAccount,
  saveReward,
  updateSetting,
} from './settings.service.ts';

/** What these routes need from the composition root (app.ts). */
type SettingsAdminRoutesDeps = { db: Db; config: Config; rewardImages: RewardImageStorage };

const tags = ['admin: settings'];
const security = OPERATOR_SECURITY;
const admin = { role: 'admin' as const };

/** Settings, house bank accounts and rewards: every operator reads them, admins change them. */
export async function settingsAdminRoutes(app: App, deps: SettingsAdminRoutesDeps) {
  app.get(
    ADMIN_PATHS.settings,
    {
      schema: {
        tags,
        security,
        summary: 'Every setting',
        response: { 200: adminSettingsResponseSchema, ...errorResponses },
      },
    },
    async () => ({ success: true as const, data: await listAllSettings(deps.db) }),
  );

  app.put(
    ADMIN_PATHS.setting,
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Change a setting (LINE contact, banner, deposit and withdrawal limits)',
        params: settingParamsSchema,
        body: updateSettingRequestSchema,
        response: { 200: adminSettingsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateSetting(deps.db, actorOf(operatorOf(request)), request.params.code, request.body.value),
    }),
  );

  app.get(
    ADMIN_PATHS.houseAccounts,
    {
      schema: {
        tags,
        security,
        summary: 'House bank accounts',
        response: { 200: houseAccountsResponseSchema, ...errorResponses },
      },
    },
    async () => ({ success: true as const, data: await listHouseAccounts(deps.db) }),
  );

  app.post(
    ADMIN_PATHS.houseAccounts,
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Add a house bank account (with an optional PromptPay ID)',
        body: houseAccountRequestSchema,
        response: { 200: houseAccountResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await saveHouseAccount(deps.db, actorOf(operatorOf(request)), undefined, request.body),
    }),
  );

  app.patch(
    ADMIN_PATHS.houseAccount,
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Change a house bank account',
        params: idParamsSchema,
        body: houseAccountUpdateSchema,
        response: { 200: houseAccountResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await saveHouseAccount(deps.db, actorOf(operatorOf(request)), request.params.id, request.body),
    }),
  );

  app.get(
    ADMIN_PATHS.rewards,
    {
      schema: {
        tags,
        security,
        summary: 'Every reward',
        response: { 200: adminRewardsResponseSchema, ...errorResponses },
      },
    },
    async () => ({ success: true as const, data: await listAllRewards(deps.db) }),
  );

  app.post(
    ADMIN_PATHS.rewards,
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Add a reward',
        body: rewardRequestSchema,
        response: { 200: adminRewardResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await saveReward(deps.db, actorOf(operatorOf(request)), undefined, request.body),
    }),
  );

  app.patch(
    ADMIN_PATHS.reward,
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Change a reward',
        params: idParamsSchema,
        body: rewardUpdateSchema,
        response: { 200: adminRewardResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await saveReward(deps.db, actorOf(operatorOf(request)), request.params.id, request.body),
    }),
  );

  await app.register(rewardImageRoutes, deps);
}
