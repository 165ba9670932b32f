// `@armature/core/code-cache/register`: `enableCodeCache()` with its defaults, for
// `node -r @armature/core/code-cache/register dist/main.js` or as the entry's first import.
import { enableCodeCache } from './code-cache/app-code-cache';

enableCodeCache();
