// The tenant app over stdio, spawned by request-info.e2e.spec.ts.
import { createTenantApp } from './tenant-app';

void createTenantApp().then((app) => app.listen(['--stdio']));
