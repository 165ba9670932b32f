const { InterceptorsConsumer } = require('@nestjs/core/interceptors');
const { lastValueFrom, tap } = require('rxjs');
const c = new InterceptorsConsumer();
const i = [{ intercept(_c, next) { return next.handle().pipe(tap(() => undefined)); } }];
class T { h() {} }
(async () => {
  for (const round of [1,2,3]) {
    const N = 20000; const t = process.hrtime.bigint();
    for (let k = 0; k < N; k++) await lastValueFrom(await c.intercept(i, [{}, {}], T.prototype, T.prototype.h, async () => 'x', 'mcp'));
    console.log(`consumer: ${(Number(process.hrtime.bigint() - t) / 1000 / N).toFixed(1)} us/call`);
  }
})();
