'use strict';
// CPU time of server processes read from /proc (Linux): user + system, in milliseconds. The
// instances are examples/cluster's own processes, which carry no benchmark probe.
const { readFileSync } = require('node:fs');
const { execFileSync } = require('node:child_process');

let ticksPerSecond;

function clockTicks() {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** Summed user + system CPU ms of `pids`, or NaN where /proc is not available. */
function cpuMs(pids) {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // Fields after the command name (which may hold spaces, so split after its closing parenthesis).
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
    } catch {
      return NaN;
    }
  }
  return (ticks * 1000) / clockTicks();
}

module.exports = { cpuMs };
