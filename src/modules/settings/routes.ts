// Site settings that staff change without a redeploy, starting with the quick-exit address.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { apiError } from '../../errors';
import { errorResponses } from '@shared/schemas';
import { changedFields } from '../audit/repository';
import { SETTING_KEYS, SettingsChangeSchema, SettingsSchema, settingDefinitions, type Settings } from './definitions';
import { settingsMessages } from './messages';

const settingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { settings } = app.repositories;

  app.get('/settings', {
    config: { httpCache: 'public' },
    schema: {
      tags: ['settings'],
      summary: 'Public site settings (quick-exit address)',
      response: { 200: SettingsSchema, ...errorResponses },
    },
  }, async () => settings.read());

  app.put('/settings', {
    onRequest: app.requireAdmin,
    schema: {
      tags: ['settings'],
      summary: 'Change site settings (admin); answers every setting',
      security: [{ bearerAuth: [] }],
      body: SettingsChangeSchema,
      response: { 200: SettingsSchema, ...errorResponses },
    },
  }, async (request) => {
    const changes = request.body as Partial<Settings>;
    if (Object.keys(changes).length === 0) throw apiError(400, settingsMessages.nothingToChange);
    for (const key of SETTING_KEYS) {
      const value = changes[key];
      if (value === undefined) continue;
      const problem = settingDefinitions[key].check?.(value);
      if (problem) throw apiError(400, problem, key);
    }
    const before = await settings.read();
    await settings.write(changes);
    const after = await settings.read();
    const changed = changedFields(before, after);
    if (Object.keys(changed).length > 0) await app.audit.record(request.currentUser!, 'update', 'settings', 'site', changed, null);
    return after;
  });
};

export default settingsRoutes;
