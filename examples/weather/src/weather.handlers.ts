import { Injectable } from '@armature/di';
import { RequestContext, Tool, ToolError } from '@armature/core';
import { WeatherApi, WeatherApiError } from './weather-api';
import type { CurrentWeather, Forecast } from './weather.model';

/** Turns upstream failures into messages a model can act on; anything else stays a server error. */
async function upstream<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof WeatherApiError) {
      const retry = error.status !== undefined && error.status < 500 ? 'Check the arguments.' : 'Try again in a minute.';
      throw new ToolError(`Weather unavailable: ${error.message}. ${retry}`);
    }
    throw error;
  }
}

/**
 * The weather tools. They only see `WeatherApi`, injected by the container: the module binds
 * it to the HTTP client, tests to a fake. Every schema comes from these signatures.
 */
@Injectable()
export class WeatherHandlers {
  constructor(private readonly api: WeatherApi) {}

  /**
   * Current temperature, humidity, wind and conditions at a place.
   * @param latitude Decimal degrees, north positive, e.g. 52.52 for Berlin.
   * @param longitude Decimal degrees, east positive, e.g. 13.41 for Berlin.
   * @minimum latitude -90
   * @maximum latitude 90
   * @minimum longitude -180
   * @maximum longitude 180
   */
  @Tool({ name: 'get_current_weather', title: 'Current weather', annotations: { readOnlyHint: true, openWorldHint: true } })
  current(latitude: number, longitude: number, ctx: RequestContext): Promise<CurrentWeather> {
    return upstream(() => this.api.current(latitude, longitude, ctx.signal));
  }

  /**
   * Daily forecast at a place: conditions, lowest and highest temperature, precipitation.
   * @param latitude Decimal degrees, north positive.
   * @param longitude Decimal degrees, east positive.
   * @param days How many days, today first.
   * @minimum latitude -90
   * @maximum latitude 90
   * @minimum longitude -180
   * @maximum longitude 180
   * @integer days
   * @minimum days 1
   * @maximum days 16
   */
  @Tool({ name: 'get_forecast', title: 'Forecast', annotations: { readOnlyHint: true, openWorldHint: true } })
  forecast(latitude: number, longitude: number, days = 3, ctx: RequestContext): Promise<Forecast> {
    return upstream(() => this.api.forecast(latitude, longitude, days, ctx.signal));
  }

  /**
   * The dates (YYYY-MM-DD) in the coming days with at least some precipitation.
   * @param latitude Decimal degrees, north positive.
   * @param longitude Decimal degrees, east positive.
   * @param days How many days to look ahead.
   * @param thresholdMm Least precipitation in millimetres that counts as wet.
   * @minimum latitude -90
   * @maximum latitude 90
   * @minimum longitude -180
   * @maximum longitude 180
   * @integer days
   * @minimum days 1
   * @maximum days 16
   * @minimum thresholdMm 0
   */
  @Tool({ name: 'find_wet_days', title: 'Wet days', annotations: { readOnlyHint: true, openWorldHint: true } })
  async wetDays(latitude: number, longitude: number, days = 7, thresholdMm = 1, ctx: RequestContext): Promise<string[]> {
    const forecast = await upstream(() => this.api.forecast(latitude, longitude, days, ctx.signal));
    return forecast.days.filter((day) => day.precipitationMm >= thresholdMm).map((day) => day.date);
  }
}
