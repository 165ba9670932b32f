import { Inject, Injectable } from '@armature/di';
import { toCurrentWeather, toForecast } from './open-meteo.response';
import { WeatherApi, WeatherApiError } from './weather-api';
import type { CurrentWeather, Forecast } from './weather.model';
import { WEATHER_API_OPTIONS, type WeatherApiOptions } from './weather.options';

const CURRENT_FIELDS = 'temperature_2m,relative_humidity_2m,wind_speed_10m,weather_code';
const DAILY_FIELDS = 'weather_code,temperature_2m_max,temperature_2m_min,precipitation_sum';

/** `WeatherApi` over HTTP with `fetch`, against an Open-Meteo compatible service. */
@Injectable()
export class OpenMeteoClient extends WeatherApi {
  constructor(@Inject(WEATHER_API_OPTIONS) private readonly options: WeatherApiOptions) {
    super();
  }

  async current(latitude: number, longitude: number, signal: AbortSignal): Promise<CurrentWeather> {
    return toCurrentWeather(await this.get({ latitude, longitude, current: CURRENT_FIELDS }, signal));
  }

  async forecast(latitude: number, longitude: number, days: number, signal: AbortSignal): Promise<Forecast> {
    return toForecast(await this.get({ latitude, longitude, daily: DAILY_FIELDS, forecast_days: days }, signal));
  }

  private async get(query: Record<string, string | number>, signal: AbortSignal): Promise<unknown> {
    const url = new URL('/v1/forecast', this.options.baseUrl);
    for (const [key, value] of Object.entries({ ...query, timezone: 'auto' })) url.searchParams.set(key, String(value));
    let response: Response;
    try {
      response = await fetch(url, {
        signal: AbortSignal.any([signal, AbortSignal.timeout(this.options.timeoutMs)]),
        headers: { accept: 'application/json' },
      });
    } catch (error) {
      const why =
        error instanceof Error && error.name === 'TimeoutError'
          ? `no answer within ${this.options.timeoutMs} ms`
          : 'it could not be reached';
      throw new WeatherApiError(`the weather service did not answer: ${why}`);
    }
    const body = (await response.json().catch(() => undefined)) as { reason?: unknown } | undefined;
    if (!response.ok) {
      const reason = typeof body?.reason === 'string' ? body.reason : `HTTP ${response.status}`;
      throw new WeatherApiError(`the weather service refused the request: ${reason}`, response.status);
    }
    if (body === undefined) throw new WeatherApiError('the weather service sent a body that is not JSON', response.status);
    return body;
  }
}
