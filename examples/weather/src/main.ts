import 'reflect-metadata';
// Lets `app.listen()` serve `--http [host:]port` (stdio needs nothing).
import '@armature/http/register';
import { Armature } from '@armature/core';
import { WeatherModule } from './weather.module';

/** Builds the weather server (used by tests too). */
export function createWeatherApp(): Promise<Armature> {
  return Armature.create(WeatherModule, {
    name: 'armature-weather',
    version: '0.1.0',
    title: 'Weather',
    instructions: 'Tools take latitude and longitude in decimal degrees. get_forecast gives up to 16 days.',
  });
}

if (require.main === module) {
  createWeatherApp()
    .then((app) => app.listen())
    .catch((error: unknown) => {
      process.stderr.write(`weather server failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    });
}
