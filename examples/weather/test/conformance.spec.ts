import { join } from 'node:path';
import { ensureManifest, override } from '@armature/testing';
import { assertConformance, runConformance } from '@armature/testing/conformance';
import { WeatherApi } from '../src/weather-api';
import { WeatherModule } from '../src/weather.module';
import { FakeWeatherApi } from './support/fake-weather-api';

describe('examples/weather against the MCP conformance suite', () => {
  it('passes every scenario that applies to it, over Streamable HTTP', async function () {
    this.timeout(300_000);
    ensureManifest(join(__dirname, '../..'));
    assertConformance(await runConformance(WeatherModule, { overrides: [override(WeatherApi).useValue(new FakeWeatherApi())] }));
  });
});
