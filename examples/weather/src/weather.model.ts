/** Conditions now at one place. */
export interface CurrentWeather {
  /** Latitude of the grid cell the forecast model used (close to the one asked for). */
  latitude: number;
  longitude: number;
  /** IANA time zone of the place, e.g. "Europe/Berlin". */
  timezone: string;
  /** Local time of the observation, ISO 8601 without offset (see timezone). */
  observedAt: string;
  temperatureC: number;
  /** Relative humidity in percent. */
  humidityPercent: number;
  windSpeedKmh: number;
  /** The WMO weather code in words, e.g. "light rain". */
  conditions: string;
}

/** One day of a forecast. */
export interface DailyForecast {
  /** Local date, YYYY-MM-DD. */
  date: string;
  conditions: string;
  minC: number;
  maxC: number;
  /** Total precipitation of the day in millimetres. */
  precipitationMm: number;
}

/** A forecast of several days at one place. */
export interface Forecast {
  latitude: number;
  longitude: number;
  timezone: string;
  days: DailyForecast[];
}
