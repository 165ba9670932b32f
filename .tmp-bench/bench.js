require('reflect-metadata');
const { Module: NestModule, Injectable: NestInjectable, UseGuards, UseInterceptors } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');
const { Injectable, Module } = require('@armature/di');
const { Armature, Tool, InMemoryTransport } = require('@armature/core');
const { ArmatureModule } = require('@armature/nestjs');
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const { tap } = require('rxjs');
const dec = (ds, t, k) => { for (const d of ds.reverse()) { const desc = Object.getOwnPropertyDescriptor(t, k); const r = d(t, k, desc); if (r) Object.defineProperty(t, k, r); } };
class Allow { canActivate() { return true; } }
class Pass { intercept(_c, next) { return next.handle().pipe(tap(() => undefined)); } }
class Tools { plain(a) { return a.text; } guarded(a) { return a.text; } guard(a) { return a.text; } icpt(a) { return a.text; } }
const schema = { type: 'object', properties: { text: { type: 'string' } } };
dec([Tool({ inputSchema: schema })], Tools.prototype, 'plain');
dec([UseGuards(Allow), UseInterceptors(Pass), Tool({ inputSchema: schema })], Tools.prototype, 'guarded');
dec([UseGuards(Allow), Tool({ inputSchema: schema })], Tools.prototype, 'guard');
dec([UseInterceptors(Pass), Tool({ inputSchema: schema })], Tools.prototype, 'icpt');
Injectable()(Tools);
class Root {} Module({ handlers: [Tools] })(Root);
class App {} NestModule({ imports: [ArmatureModule.forRoot({ root: Root, app: { name: 'b', version: '1', manifest: { armature: 1, handlers: {} }, logger: { error() {}, warn() {}, debug() {} } } })] })(App);
(async () => {
  const nest = await NestFactory.createApplicationContext(App, { logger: false });
  await nest.init();
  const app = nest.get(Armature);
  const [c, s] = InMemoryTransport.createLinkedPair();
  await app.connect(s);
  const client = new Client({ name: 'b', version: '1' });
  await client.connect(c);
  for (const round of [1, 2, 3]) for (const name of ['plain', 'guard', 'icpt', 'guarded']) {
    const N = 5000; const t = process.hrtime.bigint();
    for (let i = 0; i < N; i++) await client.callTool({ name, arguments: { text: 'x' } });
    const us = Number(process.hrtime.bigint() - t) / 1000 / N;
    console.log(`round ${round} ${name}: ${us.toFixed(1)} us/call`);
  }
  await client.close(); await nest.close();
})();
