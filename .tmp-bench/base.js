const { lastValueFrom, tap, of, defer, mergeAll } = require('rxjs');
const { AsyncResource } = require('async_hooks');
(async () => {
  for (const round of [1,2]) {
    let N = 20000; let t = process.hrtime.bigint();
    for (let k = 0; k < N; k++) await lastValueFrom(of('x').pipe(tap(() => undefined)));
    console.log(`rxjs of+tap: ${(Number(process.hrtime.bigint() - t) / 1000 / N).toFixed(2)} us`);
    t = process.hrtime.bigint();
    for (let k = 0; k < N; k++) AsyncResource.bind(() => 1);
    console.log(`AsyncResource.bind: ${(Number(process.hrtime.bigint() - t) / 1000 / N).toFixed(2)} us`);
    t = process.hrtime.bigint();
    for (let k = 0; k < N; k++) await lastValueFrom(defer(async () => of('x')).pipe(mergeAll()));
    console.log(`defer+mergeAll: ${(Number(process.hrtime.bigint() - t) / 1000 / N).toFixed(2)} us`);
  }
})();
