import { WeatherApi, WeatherApiError } from '../../src/weather-api';
import type { CurrentWeather, Forecast } from '../../src/weather.model';

/** A `WeatherApi` that answers from memory and records each call. */
export class FakeWeatherApi extends WeatherApi {
  readonly calls: string[] = [];
  failure: WeatherApiError | undefined;

  async current(latitude: number, longitude: number): Promise<CurrentWeather> {
    this.calls.push(`current ${latitude},${longitude}`);
    if (this.failure) throw this.failure;
    return {
      latitude,
      longitude,
      timezone: 'Europe/Berlin',
      observedAt: '2025-06-01T12:00',
      temperatureC: 21.5,
      humidityPercent: 40,
      windSpeedKmh: 9,
      conditions: 'clear sky',
    };
  }

  async forecast(latitude: number, longitude: number, days: number): Promise<Forecast> {
    this.calls.push(`forecast ${latitude},${longitude} ${days}d`);
    if (this.failure) throw this.failure;
    const rain = [0, 2.5, 0.4, 7, 0, 1, 0];
    return {
      latitude,
      longitude,
      timezone: 'Europe/Berlin',
      days: Array.from({ length: days }, (_, i) => ({
        date: `2025-06-${String(i + 1).padStart(2, '0')}`,
        conditions: (rain[i % 7] as number) > 0 ? 'light rain' : 'clear sky',
        minC: 12 + i,
        maxC: 22 + i,
        precipitationMm: rain[i % 7] as number,
      })),
    };
  }
}
