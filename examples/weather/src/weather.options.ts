import { InjectionToken } from '@armature/di';

/** Where the weather service is and how long to wait for it. */
export interface WeatherApiOptions {
  /** Base URL of an Open-Meteo compatible service, e.g. `https://api.open-meteo.com`. */
  readonly baseUrl: string;
  /** Longest wait for one upstream request, in ms. */
  readonly timeoutMs: number;
}

/** The DI token of the options (override it in tests to point at a local server). */
export const WEATHER_API_OPTIONS = new InjectionToken<WeatherApiOptions>('WEATHER_API_OPTIONS');

/** Options from the environment: `WEATHER_API_URL`, `WEATHER_API_TIMEOUT_MS`. */
export function weatherOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): WeatherApiOptions {
  const timeout = Number(env.WEATHER_API_TIMEOUT_MS);
  return {
    baseUrl: env.WEATHER_API_URL ?? 'https://api.open-meteo.com',
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : 10_000,
  };
}
