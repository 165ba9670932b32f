import type { CurrentWeather, Forecast } from './weather.model';

/** Why the upstream weather service could not answer. */
export class WeatherApiError extends Error {
  constructor(
    message: string,
    /** The HTTP status, when the service answered at all. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'WeatherApiError';
  }
}

/**
 * What the tools need from a weather service. An abstract class, so it is both the type and
 * the DI token: the module provides the real HTTP client under it, tests a fake.
 */
export abstract class WeatherApi {
  /** Conditions now at a place. Rejects with `WeatherApiError`. */
  abstract current(latitude: number, longitude: number, signal: AbortSignal): Promise<CurrentWeather>;
  /** The next `days` days at a place, today first. Rejects with `WeatherApiError`. */
  abstract forecast(latitude: number, longitude: number, days: number, signal: AbortSignal): Promise<Forecast>;
}
