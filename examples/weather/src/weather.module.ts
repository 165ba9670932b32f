import { Module } from '@armature/di';
import { OpenMeteoClient } from './open-meteo.client';
import { WeatherApi } from './weather-api';
import { WeatherHandlers } from './weather.handlers';
import { WEATHER_API_OPTIONS, weatherOptionsFromEnv } from './weather.options';

/** The weather server: options from the environment, the HTTP client bound to `WeatherApi`. */
@Module({
  providers: [
    { provide: WEATHER_API_OPTIONS, useFactory: () => weatherOptionsFromEnv() },
    { provide: WeatherApi, useClass: OpenMeteoClient },
  ],
  handlers: [WeatherHandlers],
})
export class WeatherModule {}
