import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectNoSeriousAxeViolations } from './axe';
import { screenshot } from './browser';

/**
 * The checks of a screen on a 375 px phone (docs/decisions/0024, issue 24 item 3): nothing wider
 * than the phone, every action within the screen's width, every target at least 24 x 24 px (WCAG
 * 2.2 SC 2.5.8), no serious axe violation; and its picture in test/artifacts/phone-*-375.png.
 */

interface Target {
  what: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

interface Measure {
  scrollWidth: number;
  innerWidth: number;
  small: Target[];
  outside: Target[];
}

/**
 * Every control a pointer can press, as the page lays it out. Left out: what is not shown (no
 * box, hidden, 1 px visually hidden text such as the skip link before it has focus), and links
 * inside a sentence, which WCAG 2.2 exempts from the target size.
 */
function measurePage(options: { min: number; within: string } | undefined): Measure {
  // 24 px (WCAG 2.2 SC 2.5.8) with half a pixel of rounding: a 23.99 px box is a 24 px one drawn
  // on a fractional grid. A screen's own minimum (checkTapTargets) counts only its own controls.
  const min = options ? options.min - 0.5 : 23.5;
  const selector = [
    'a[href]',
    'button',
    'input:not([type="hidden"])',
    'select',
    'textarea',
    '[role="button"]',
    '[role="tab"]',
    '[role="link"]',
    '[role="checkbox"]',
    '[role="radio"]',
    '[role="switch"]',
    '[role="menuitem"]',
    '[role="combobox"]',
  ].join(',');
  const describe = (element: Element): string => {
    const name =
      element.getAttribute('aria-label') ||
      (element as HTMLElement).innerText?.trim().replace(/\s+/g, ' ').slice(0, 40) ||
      element.getAttribute('placeholder') ||
      element.getAttribute('name') ||
      '';
    const type = element.getAttribute('type');
    return `${element.tagName.toLowerCase()}${type ? `[${type}]` : ''} "${name}"`;
  };
  const inSentence = (element: Element): boolean => {
    if (element.tagName !== 'A') return false;
    const parent = element.parentElement;
    if (!parent) return false;
    const display = getComputedStyle(parent).display;
    if (display.includes('flex') || display.includes('grid')) return false;
    return (parent.textContent ?? '').trim().length > (element.textContent ?? '').trim().length + 2;
  };
  const shown = (element: Element, box: DOMRect): boolean => {
    if (box.width <= 1 || box.height <= 1) return false;
    if (element.closest('[aria-hidden="true"], [inert]')) return false;
    const style = getComputedStyle(element);
    return style.visibility !== 'hidden' && style.display !== 'none';
  };
  const small: Target[] = [];
  const outside: Target[] = [];
  for (const element of document.querySelectorAll(selector)) {
    // Within the screen's own controls, not what its map draws (a pin is the map's content).
    if (options && (!element.closest(options.within) || element.closest('.leaflet-pane'))) continue;
    // A field inside a styled input box (the text field among a multi-select's pills) is pressed
    // anywhere in that box: the box is the target.
    const box = (element.closest('.mantine-Input-input') ?? element).getBoundingClientRect();
    if (!shown(element, box)) continue;
    const target = {
      what: describe(element),
      x: Math.round(box.x),
      y: Math.round(box.y + window.scrollY),
      width: Math.round(box.width * 10) / 10,
      height: Math.round(box.height * 10) / 10,
    };
    if (!inSentence(element) && (box.width < min || box.height < min)) small.push(target);
    if (box.left < -0.5 || box.right > window.innerWidth + 0.5) outside.push(target);
  }
  return {
    scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
    innerWidth: window.innerWidth,
    small,
    outside,
  };
}

const list = (targets: Target[]) =>
  targets.map((t) => `  ${t.what} at (${t.x}, ${t.y}) ${t.width} x ${t.height}`).join('\n');

/** The phone checks of one screen, each failure listing its offenders; then its picture and axe. */
export async function checkPhoneScreen(page: Page, name: string): Promise<void> {
  // No skeleton or busy list left: a loading table is narrower than the loaded one.
  await page
    .waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, undefined, {
      timeout: 20_000,
    })
    .catch(() => undefined);
  // The picture first, so a failing screen can be looked at.
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, `phone-${name}-375`);
  const measured = await page.evaluate(measurePage, undefined);
  expect(
    measured.scrollWidth,
    `${name}: the page scrolls sideways (${measured.scrollWidth} px wide on a ${measured.innerWidth} px screen)`,
  ).toBeLessThanOrEqual(measured.innerWidth);
  expect(
    measured.outside,
    `${name}: ${measured.outside.length} control(s) not within the screen's width:\n${list(measured.outside)}`,
  ).toEqual([]);
  expect(
    measured.small,
    `${name}: ${measured.small.length} target(s) under 24 x 24 px:\n${list(measured.small)}`,
  ).toEqual([]);
  await expectNoSeriousAxeViolations(page, `${name} at 375 px`);
}

/**
 * A screen used in the field asks more than 24 px: every control inside `within` (and the menus
 * and dialogs it opens, marked the same) at least `min` px each way, as laid out now.
 */
export async function checkTapTargets(page: Page, name: string, within: string, min = 40): Promise<void> {
  const measured = await page.evaluate(measurePage, { min, within });
  expect(
    measured.small,
    `${name}: ${measured.small.length} target(s) under ${min} x ${min} px:\n${list(measured.small)}`,
  ).toEqual([]);
}
