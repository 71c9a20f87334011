// Tenant config: at start the portal loads the tenant's provider settings (whiteLabel) by host source.
// A good answer is cached; when the call fails the cached copy is used; with no cache the portal shows
// the 408 screen and remembers the path the visitor wanted (spec §2 "Route guard", §8). From there it tries
// again when the visitor asks, or by itself as soon as the browser is back online.
import { assign, setup } from 'xstate';
import { notProvidedAction, notProvidedActor, notProvidedCallback } from '../shared/not-provided';
import { errorOf, type AppError } from '../../domain/app-error';
import type { TenantConfigContext, TenantConfigData, TenantConfigEvent, TenantConfigInput } from './tenant-config.types';

export const tenantConfigMachine = setup({
  types: {
    context: {} as TenantConfigContext,
    events: {} as TenantConfigEvent,
    input: {} as TenantConfigInput,
  },
  actors: {
    /** Resolves with the settings, or null when no tenant answers to this host. */
    loadTenantConfig: notProvidedActor<TenantConfigData | null, { hostSource: string }>('loadTenantConfig'),
    /** Sends connection.online when the browser is back online. */
    watchConnection: notProvidedCallback('watchConnection'),
  },
  actions: {
    /** Keeps the settings for the next start (localStorage). */
    storeConfig: notProvidedAction('storeConfig') as (_: unknown, params: { config: TenantConfigData }) => void,
    /** Remembers the current path (sessionStorage) and shows /408. */
    showRequestTimeout: notProvidedAction('showRequestTimeout'),
    /** Leaves /408 for the remembered path, with the settings that just loaded. */
    leaveRequestTimeout: notProvidedAction('leaveRequestTimeout') as (_: unknown, params: { config: TenantConfigData }) => void,
  },
  guards: {
    hasConfig: (_, params: { config: TenantConfigData | null }) => params.config !== null,
    hasCachedConfig: ({ context }) => context.cached !== null,
  },
}).createMachine({
  id: 'tenantConfig',
  context: ({ input }) => ({ ...input, config: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      meta: { description: 'Asks the server for the provider settings of this host.' },
      tags: ['busy'],
      invoke: {
        id: 'loadTenantConfig',
        src: 'loadTenantConfig',
        input: ({ context }) => ({ hostSource: context.hostSource }),
        onDone: [
          {
            guard: { type: 'hasConfig', params: ({ event }) => ({ config: event.output }) },
            target: 'ready',
            actions: [
              assign({ config: ({ event }) => event.output, error: null }),
              { type: 'storeConfig', params: ({ event }) => ({ config: event.output! }) },
            ],
            meta: { description: 'Settings loaded' },
          },
          {
            target: 'failed',
            actions: assign({ error: { code: 'unknown' } satisfies AppError }),
            meta: { description: 'Settings missing' },
          },
        ],
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => errorOf(event) }),
          meta: { description: 'Load failed' },
        },
      },
    },
    failed: {
      meta: { description: 'The settings did not load; decides between the cached copy and the 408 screen.' },
      always: [
        {
          guard: 'hasCachedConfig',
          target: 'usingCache',
          actions: assign({ config: ({ context }) => context.cached }),
          meta: { description: 'A cached copy exists' },
        },
        { target: 'unavailable', meta: { description: 'No cached copy' } },
      ],
    },
    ready: {
      meta: { description: 'Fresh settings loaded and cached; the portal runs branded.' },
      tags: ['configured'],
    },
    usingCache: {
      meta: { description: 'The call failed; the portal runs on the last settings that loaded.' },
      tags: ['configured'],
    },
    unavailable: {
      meta: { description: 'No settings and no cached copy: the 408 screen, with a way to try again.' },
      entry: 'showRequestTimeout',
      tags: ['unavailable'],
      invoke: { id: 'watchConnection', src: 'watchConnection' },
      on: {
        'config.retry': { target: 'retrying', meta: { description: 'Visitor retries' } },
        'connection.online': { target: 'retrying', meta: { description: 'The browser is back online: try again by itself.' } },
      },
    },
    retrying: {
      meta: { description: 'The visitor asked to try again from the 408 screen.' },
      tags: ['busy'],
      invoke: {
        id: 'loadTenantConfig',
        src: 'loadTenantConfig',
        input: ({ context }) => ({ hostSource: context.hostSource }),
        onDone: [
          {
            guard: { type: 'hasConfig', params: ({ event }) => ({ config: event.output }) },
            target: 'ready',
            actions: [
              assign({ config: ({ event }) => event.output, error: null }),
              { type: 'storeConfig', params: ({ event }) => ({ config: event.output! }) },
              { type: 'leaveRequestTimeout', params: ({ event }) => ({ config: event.output! }) },
            ],
            meta: { description: 'Settings loaded' },
          },
          {
            target: 'unavailable',
            actions: assign({ error: { code: 'unknown' } satisfies AppError }),
            meta: { description: 'Settings missing' },
          },
        ],
        onError: {
          target: 'unavailable',
          actions: assign({ error: ({ event }) => errorOf(event) }),
          meta: { description: 'Load failed' },
        },
      },
    },
  },
});
