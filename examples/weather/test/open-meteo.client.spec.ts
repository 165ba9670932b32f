import { expect } from 'chai';
import { join } from 'node:path';
import { callTool, createTestServer, ensureManifest, expectToolError, override, type TestServer } from '@armature/testing';
import type { CurrentWeather, Forecast } from '../src/weather.model';
import { WeatherModule } from '../src/weather.module';
import { WEATHER_API_OPTIONS } from '../src/weather.options';
import { startUpstream, type Upstream } from './support/upstream.server';

const CURRENT = {
  latitude: 52.52,
  longitude: 13.419998,
  timezone: 'Europe/Berlin',
  current: { time: '2025-06-01T12:00', temperature_2m: 18.2, relative_humidity_2m: 55, wind_speed_10m: 11.3, weather_code: 61 },
};
const DAILY = {
  latitude: 52.52,
  longitude: 13.419998,
  timezone: 'Europe/Berlin',
  daily: {
    time: ['2025-06-01', '2025-06-02'],
    weather_code: [0, 95],
    temperature_2m_max: [24, 19],
    temperature_2m_min: [13, 12],
    precipitation_sum: [0, 12.5],
  },
};

describe('examples/weather: the fetch-based client against a local upstream', () => {
  let upstream: Upstream;
  let server: TestServer;

  before(async function () {
    this.timeout(60_000);
    ensureManifest(join(__dirname, '../..'));
    upstream = await startUpstream();
    server = await createTestServer(WeatherModule, {
      overrides: [override(WEATHER_API_OPTIONS).useValue({ baseUrl: upstream.baseUrl, timeoutMs: 500 })],
    });
  });

  after(async () => {
    await server.close();
    await upstream.close();
  });

  it('asks for the current fields and maps the answer', async () => {
    upstream.answer = () => ({ status: 200, body: JSON.stringify(CURRENT) });
    const now = await callTool<CurrentWeather>(server.client, 'get_current_weather', { latitude: 52.52, longitude: 13.41 });
    expect(now).to.deep.equal({
      latitude: 52.52,
      longitude: 13.419998,
      timezone: 'Europe/Berlin',
      observedAt: '2025-06-01T12:00',
      temperatureC: 18.2,
      humidityPercent: 55,
      windSpeedKmh: 11.3,
      conditions: 'light rain',
    });
    const request = upstream.requests.at(-1);
    expect(request?.pathname).to.equal('/v1/forecast');
    expect(Object.fromEntries(request?.searchParams ?? [])).to.deep.equal({
      latitude: '52.52',
      longitude: '13.41',
      current: 'temperature_2m,relative_humidity_2m,wind_speed_10m,weather_code',
      timezone: 'auto',
    });
  });

  it('asks for daily fields and the number of days', async () => {
    upstream.answer = () => ({ status: 200, body: JSON.stringify(DAILY) });
    const forecast = await callTool<Forecast>(server.client, 'get_forecast', { latitude: 52.52, longitude: 13.41, days: 2 });
    expect(forecast.days).to.deep.equal([
      { date: '2025-06-01', conditions: 'clear sky', minC: 13, maxC: 24, precipitationMm: 0 },
      { date: '2025-06-02', conditions: 'thunderstorm', minC: 12, maxC: 19, precipitationMm: 12.5 },
    ]);
    expect(upstream.requests.at(-1)?.searchParams.get('forecast_days')).to.equal('2');
  });

  it('passes the upstream reason on when it refuses a request', async () => {
    upstream.answer = () => ({ status: 400, body: JSON.stringify({ error: true, reason: 'Latitude must be in range of -90 to 90°.' }) });
    expect(await expectToolError(server.client, 'get_current_weather', { latitude: 1, longitude: 1 })).to.equal(
      'Weather unavailable: the weather service refused the request: Latitude must be in range of -90 to 90°.. Check the arguments.',
    );
  });

  it('refuses an answer of the wrong shape instead of returning it', async () => {
    upstream.answer = () => ({
      status: 200,
      body: JSON.stringify({ ...CURRENT, current: { ...CURRENT.current, temperature_2m: 'warm' } }),
    });
    expect(await expectToolError(server.client, 'get_current_weather', { latitude: 1, longitude: 1 })).to.include(
      'unexpected response (field "temperature_2m")',
    );
  });

  it('gives up on an upstream that does not answer within its timeout', async function () {
    this.timeout(10_000);
    upstream.answer = () => 'hang';
    expect(await expectToolError(server.client, 'get_current_weather', { latitude: 1, longitude: 1 })).to.include(
      'no answer within 500 ms',
    );
  });
});
