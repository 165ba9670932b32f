import { expect } from 'chai';
import { join } from 'node:path';
import {
  callTool,
  createTestServer,
  ensureManifest,
  expectToolError,
  matchSurfaceSnapshot,
  override,
  type TestServer,
} from '@armature/testing';
import { WeatherApi, WeatherApiError } from '../src/weather-api';
import type { WeatherHandlers } from '../src/weather.handlers';
import { WeatherModule } from '../src/weather.module';
import { FakeWeatherApi } from './support/fake-weather-api';

type Result<K extends keyof WeatherHandlers> = Awaited<ReturnType<WeatherHandlers[K]>>;

const PROJECT = join(__dirname, '../..');

describe('examples/weather with a fake WeatherApi', () => {
  let server: TestServer;
  let fake: FakeWeatherApi;

  before(async function () {
    this.timeout(60_000);
    ensureManifest(PROJECT);
    fake = new FakeWeatherApi();
    server = await createTestServer(WeatherModule, { overrides: [override(WeatherApi).useValue(fake)] });
  });

  after(() => server.close());

  beforeEach(() => {
    fake.calls.length = 0;
    fake.failure = undefined;
  });

  it('advertises the tools with input and output schemas from their signatures', async () => {
    const surface = await matchSurfaceSnapshot(server.client, join(PROJECT, 'test/__snapshots__/weather-surface.json'));
    const forecast = surface.tools.find((t) => t.name === 'get_forecast');
    expect(forecast?.inputSchema.required).to.deep.equal(['latitude', 'longitude']);
    expect(forecast?.inputSchema.properties?.days).to.deep.include({ type: 'integer', minimum: 1, maximum: 16, default: 3 });
    expect(forecast?.outputSchema?.required).to.have.members(['latitude', 'longitude', 'timezone', 'days']);
  });

  it('returns current conditions as structured content', async () => {
    const now = await callTool<Result<'current'>>(server.client, 'get_current_weather', { latitude: 52.52, longitude: 13.41 });
    expect(now).to.deep.include({ temperatureC: 21.5, conditions: 'clear sky', latitude: 52.52 });
    expect(fake.calls).to.deep.equal(['current 52.52,13.41']);
  });

  it('fills the default number of days before calling the service', async () => {
    const forecast = await callTool<Result<'forecast'>>(server.client, 'get_forecast', { latitude: 1, longitude: 2 });
    expect(forecast.days.map((d) => d.date)).to.deep.equal(['2025-06-01', '2025-06-02', '2025-06-03']);
    expect(fake.calls).to.deep.equal(['forecast 1,2 3d']);
  });

  it('wraps an array result as { result } to fit its output schema', async () => {
    const wet = await callTool<{ result: Result<'wetDays'> }>(server.client, 'find_wet_days', {
      latitude: 1,
      longitude: 2,
      thresholdMm: 1,
    });
    expect(wet.result).to.deep.equal(['2025-06-02', '2025-06-04', '2025-06-06']);
  });

  it('refuses out-of-range arguments before the service is called', async () => {
    const text = await expectToolError(server.client, 'get_forecast', { latitude: 100, longitude: 0, days: 30 });
    expect(text).to.include('latitude').and.include('days');
    expect(fake.calls).to.deep.equal([]);
  });

  it('turns upstream failures into messages a model can act on', async () => {
    fake.failure = new WeatherApiError('the weather service did not answer: it could not be reached');
    expect(await expectToolError(server.client, 'get_current_weather', { latitude: 0, longitude: 0 })).to.equal(
      'Weather unavailable: the weather service did not answer: it could not be reached. Try again in a minute.',
    );
    fake.failure = new WeatherApiError('the weather service refused the request: bad latitude', 400);
    expect(await expectToolError(server.client, 'get_forecast', { latitude: 0, longitude: 0 })).to.include('Check the arguments.');
  });
});
