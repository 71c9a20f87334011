// Every model path of the machines named in PATHS_MACHINES (scripts/test-paths.mjs), walked through the real
// app in Chromium against the reference server: a test per path, titled as the model titles it, a screenshot
// per step, the steps in words for the report (tests/paths/report.ts). With PATHS_GALLERY set, each state's
// screen is also kept at desktop and phone width for the gallery (scripts/gallery.mjs).
import { appendFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test, type Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { allStateIds, pathTrace } from '../support/model-coverage';
import { modelPaths } from '../support/model';
import { machineGraph } from '../../scripts/statecharts/machine-graph';
import { scaled } from '../../playwright.config';
import { transitionsEnded } from '../e2e/support';
import { eventWords, expectState, isDelay, isSettle, NotOnPage, planCalls, stateValueKey, stateWords, Wire, type PathContext } from './driver';
import { pathDrivers } from './machines';

const wanted = (process.env.PATHS_MACHINES ?? '').split(',').filter(Boolean);
const galleryDir = process.env.PATHS_GALLERY;

/** One step as the report shows it. */
export interface StepRecord {
  index: number;
  event: string;
  eventType: string;
  state: string;
  stateValue: string;
  /** Passed through faster than a screen shows it: not checked. */
  passing: boolean;
  /** The real page offers no way to take this step (the model allows it): the walk stopped here. */
  stopped?: string;
  staged: string[];
  screenshot: string;
  error?: string;
}

const galleryCaptured = new Set<string>();

/**
 * Keeps the screen of a state the first time a walk shows it, at the width of the walk's project (the gallery
 * walks every path once at each width: a resize in mid-walk would re-lay the page under the flow).
 */
async function keepForGallery(page: Page, width: string, machine: string, screen: string, snapshot: AnyMachineSnapshot, passing: boolean, note: string | null) {
  const dir = join(galleryDir!, machine);
  mkdirSync(dir, { recursive: true });
  const stateIds = Object.keys(snapshot.getMeta());
  appendFileSync(join(dir, 'states.jsonl'), `${JSON.stringify({ screen, stateIds, description: stateWords(snapshot), shown: !passing, note })}\n`);
  const file = join(dir, `${screen}-${width}.png`);
  if (passing || galleryCaptured.has(file) || existsSync(file)) return;
  galleryCaptured.add(file);
  await transitionsEnded(page);
  await page.screenshot({ path: file, animations: 'disabled' });
}

for (const driver of pathDrivers.filter((entry) => wanted.length === 0 || wanted.includes(entry.name))) {
  const { machine } = driver.model;
  const graph = machineGraph(machine);
  test.describe(driver.name, () => {
    test.use({ colorScheme: 'light' });
    // Paths that differ only in an answer's payload share their states' title: the later ones are numbered.
    const titles = new Map<string, number>();
    for (const path of modelPaths(driver.model)) {
      const seen = (titles.get(path.title) ?? 0) + 1;
      titles.set(path.title, seen);
      test(seen > 1 ? `${path.title} (${seen})` : path.title, async ({ page, request }, testInfo) => {
        const steps: StepRecord[] = [];
        const ctx: PathContext = { page, request, path, state: {}, wire: new Wire(), staged: () => {} };
        await ctx.wire.install(page);
        await page.clock.install();
        const calls = planCalls(path, driver.operations);
        const pathSteps = path.path.steps;
        const attachPath = () => {
          // Coverage counts what the walk took: a path stopped where the real page has no such step counts to there.
          const walked = steps.filter((record) => !record.stopped).length;
          const trace = pathTrace(machine, { ...path, path: { ...path.path, steps: path.path.steps.slice(0, Math.max(walked, 1)) } });
          testInfo.attachments.push({
            name: 'path.json',
            contentType: 'application/json',
            body: Buffer.from(
              JSON.stringify({
                machine: driver.name,
                variant: path.variant,
                states: [...trace.states],
                transitions: [...trace.transitions],
                allStates: allStateIds(machine),
                allTransitions: graph.transitions.map((transition) => transition.key),
                steps,
              }),
            ),
          });
        };
        try {
        // What the preparation had to make up shows at the first step.
        ctx.staged = (why) => (pending[0] ??= []).push(why);
        await driver.prepare(ctx);
        for (const [index, step] of pathSteps.entries()) {
          const event = step.event as EventObject;
          const snapshot = step.state as AnyMachineSnapshot;
          const record: StepRecord = {
            index,
            event: eventWords(machine, index > 0 ? (pathSteps[index - 1]!.state as AnyMachineSnapshot) : null, event),
            eventType: event.type,
            state: stateWords(snapshot),
            stateValue: stateValueKey(snapshot.value),
            // A state the app leaves by itself (the next step is a call's answer) or a call in flight.
            passing:
              driver.isPassing(snapshot) ||
              (index + 1 < pathSteps.length && isSettle((pathSteps[index + 1]!.event as EventObject).type) && !calls.releaseAt.has(index + 1)),
            staged: [],
            screenshot: `step-${index}.jpg`,
          };
          steps.push(record);
          ctx.staged = (why) => record.staged.push(why);
          ctx.before = index > 0 ? (pathSteps[index - 1]!.state as AnyMachineSnapshot) : undefined;
          try {
            // Answers of the calls this step starts, arranged before it.
            for (const operation of calls.holdAt.get(index) ?? []) ctx.wire.hold(operation);
            for (const answerIndex of calls.arrangeAt.get(index) ?? []) {
              const answer = pathSteps[answerIndex]!.event as EventObject;
              const arrange = driver.answers[answer.type];
              if (!arrange && driver.settles?.[answer.type]) continue;
              if (!arrange) throw new Error(`No way to make the server answer ${answer.type}`);
              const before = record.staged.length;
              await arrange(ctx, answer);
              // Staged for a later step: the report says so at the step it shows in.
              (pending[answerIndex] ??= []).push(...record.staged.splice(before));
            }
            record.staged.push(...(pending[index] ?? []));
            if (event.type === 'xstate.init') await driver.open(ctx);
            else if (isSettle(event.type)) {
              // Arranged before the call started; the app takes the answer by itself, or as it is let go now.
              const held = calls.releaseAt.get(index);
              if (held) await ctx.wire.release(held);
              await driver.settles?.[event.type]?.(ctx, event);
            } else if (isDelay(event.type)) {
              const delay = Object.entries(driver.delays).find(([prefix]) => event.type.startsWith(prefix))?.[1];
              if (!delay) throw new Error(`No clock step for ${event.type}`);
              await delay(ctx, event);
            } else {
              const gesture = driver.gestures[event.type];
              if (!gesture) throw new Error(`No gesture for ${event.type}`);
              await gesture(ctx, event);
            }
            if (!record.passing) await expectState(driver, ctx, snapshot, scaled(10_000));
          } catch (error) {
            if (error instanceof NotOnPage) {
              record.stopped = error.message;
              testInfo.annotations.push({ type: 'stopped', description: `step ${index} (${event.type}): ${error.message}` });
              break;
            }
            record.error = error instanceof Error ? error.message : String(error);
            throw error;
          } finally {
            const shot = await page.screenshot({ type: 'jpeg', quality: 40, animations: 'disabled' }).catch(() => null);
            if (shot) testInfo.attachments.push({ name: record.screenshot, contentType: 'image/jpeg', body: shot });
          }
          if (galleryDir) {
            const screen = driver.screenName?.(snapshot) ?? record.stateValue;
            await keepForGallery(page, testInfo.project.name, driver.name, screen, snapshot, record.passing, driver.noScreen?.(snapshot) ?? null);
          }
        }
        } finally {
          attachPath();
        }
      });
    }
  });
}

/** Staging notes made before their step exists in the record (arranged steps ahead). */
const pending: Record<number, string[]> = {};
test.beforeEach(() => {
  for (const key of Object.keys(pending)) delete pending[Number(key)];
});
