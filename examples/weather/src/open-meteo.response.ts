import { describeWeatherCode } from './weather-codes';
import { WeatherApiError } from './weather-api';
import type { CurrentWeather, DailyForecast, Forecast } from './weather.model';

/** Reads a field the upstream must send, refusing anything of the wrong type: its JSON is not trusted. */
function field<T>(object: unknown, key: string, check: (value: unknown) => value is T): T {
  const value = object !== null && typeof object === 'object' ? (object as Record<string, unknown>)[key] : undefined;
  if (!check(value)) throw new WeatherApiError(`the weather service sent an unexpected response (field "${key}")`);
  return value;
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const isObject = (v: unknown): v is object => v !== null && typeof v === 'object';
const isNumbers = (v: unknown): v is number[] => Array.isArray(v) && v.every(isNumber);
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString);

/** Maps an Open-Meteo `/v1/forecast?current=…` body to `CurrentWeather`. */
export function toCurrentWeather(body: unknown): CurrentWeather {
  const current = field(body, 'current', isObject);
  return {
    latitude: field(body, 'latitude', isNumber),
    longitude: field(body, 'longitude', isNumber),
    timezone: field(body, 'timezone', isString),
    observedAt: field(current, 'time', isString),
    temperatureC: field(current, 'temperature_2m', isNumber),
    humidityPercent: field(current, 'relative_humidity_2m', isNumber),
    windSpeedKmh: field(current, 'wind_speed_10m', isNumber),
    conditions: describeWeatherCode(field(current, 'weather_code', isNumber)),
  };
}

/** Maps an Open-Meteo `/v1/forecast?daily=…` body to `Forecast`. */
export function toForecast(body: unknown): Forecast {
  const daily = field(body, 'daily', isObject);
  const dates = field(daily, 'time', isStrings);
  const codes = field(daily, 'weather_code', isNumbers);
  const max = field(daily, 'temperature_2m_max', isNumbers);
  const min = field(daily, 'temperature_2m_min', isNumbers);
  const rain = field(daily, 'precipitation_sum', isNumbers);
  if (![codes, max, min, rain].every((column) => column.length === dates.length)) {
    throw new WeatherApiError('the weather service sent an unexpected response (daily columns of different lengths)');
  }
  const days: DailyForecast[] = dates.map((date, i) => ({
    date,
    conditions: describeWeatherCode(codes[i] as number),
    minC: min[i] as number,
    maxC: max[i] as number,
    precipitationMm: rain[i] as number,
  }));
  return {
    latitude: field(body, 'latitude', isNumber),
    longitude: field(body, 'longitude', isNumber),
    timezone: field(body, 'timezone', isString),
    days,
  };
}
