// SPDX-License-Identifier: MIT
/*
 * layout.mjs - the page's small layout faults of issue 28 (item 8), each
 * measured in the browser (getBoundingClientRect, scrollWidth, the fonts'
 * own widths). Not a script of its own: public.mjs (make e2e) runs its
 * sections with its browser, its server and its TAP helpers
 * (layoutSections(h)), on coinline serve's page.
 *
 *   layout-select     desktop 1280 x 900: every option of the Engine menu
 *                     (#difficulty) fits in the menu as it shows (its text's
 *                     width, in the menu's font, within the menu's width
 *                     less its padding and arrow): none is cut.
 *   layout-review     360 x 740 (touch): a 12-coin game with mistakes; its
 *                     review table needs no sideways scroll, and the
 *                     columns of the points lost and of both totals (header
 *                     and every row) are inside the view; a move that lost
 *                     points shows the best one (under the move taken).
 *   layout-circle     360 x 740: a 30-coin circle (move 1 typed in #pick,
 *                     then the engine's reply), the page at its top: the
 *                     take buttons, #hint and #undo are inside the viewport.
 *   layout-ring       desktop, motion allowed: a 9-coin circle; a click on
 *                     a coin (move 1) turns the ring so that the gap is at
 *                     the bottom: #ring[data-turn] says how far, the ring
 *                     is animated (a rotation from that turn back to 0) and
 *                     its coins turn the other way (they stay upright);
 *                     once it has turned the left end is at the bottom left
 *                     and the right end at the bottom right; with reduced
 *                     motion the same turn is made at once, not animated.
 *   layout-heatmap    desktop: a 12-coin game over: every point of the
 *                     optimal line's marks (g.opt-line, sampled along each
 *                     path) lies inside a framed cell (clear of its frame):
 *                     nothing is drawn across a frame; a mark in each framed
 *                     cell but the last.
 *   layout-heatmap-phone  360 x 740: the heat map of 12 coins fits (no
 *                     sideways scroll, its last column whole); that of 16
 *                     coins scrolls and says so (.scroll-cue shown, at
 *                     least 12 px).
 */

export async function layoutSections(h) {
  const { browser, base, section, ok, TIMEOUT } = h;
  const show = (v) => JSON.stringify(v);
  const newPage = async (ctx, label) => {
    const p = await ctx.newPage();
    h.watch(p, label, h.problems);
    h.pages.push(p);
    return p;
  };
  /** Idle at the person's turn, or at the end with the review (and heat map) shown. */
  const idle = (page, over = false) => page.waitForFunction((o) => {
    const turn = document.getElementById('turn').dataset.state;
    if (document.body.dataset.busy !== 'false') return false;
    return o ? turn === 'over' && !document.getElementById('analysis').hidden : turn === 'you';
  }, over, { timeout: TIMEOUT });
  /** A game of n coins (seed 5, 1..20, the easy engine, the person first), all but the last two moves played L. */
  const nearEnd = (n) => `${base}#size=${n}&seed=5&min=1&max=20&difficulty=easy&first=you&moves=${'L'.repeat(n - 2)}`;

  const desktop = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  await desktop.addInitScript(h.CSP_LISTENER);
  const phone = await browser.newContext({
    viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, reducedMotion: 'reduce',
  });
  await phone.addInitScript(h.CSP_LISTENER);

  /* -------------------------------------------------------------- */
  const ps = await newPage(desktop, 'layout-select');
  await section('layout-select', ps, async () => {
    await h.open(ps, base);
    const fits = await ps.evaluate(() => {
      const s = document.getElementById('difficulty');
      const cs = getComputedStyle(s);
      const ctx = document.createElement('canvas').getContext('2d');
      ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
      const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20; // the arrow
      return [...s.options].map((o) => ({ text: o.text, width: Math.ceil(ctx.measureText(o.text).width), room }));
    });
    ok(fits.length === 4 && fits.every((f) => f.width <= f.room), 'the Engine menu: every option fits in the menu (none is cut)', show(fits));
  });

  /* -------------------------------------------------------------- */
  const pr = await newPage(phone, 'layout-review');
  await section('layout-review', pr, async () => {
    await h.open(pr, nearEnd(12));
    await idle(pr);
    await pr.click('#take-left');
    await idle(pr, true);
    const g = await pr.evaluate(() => {
      const box = document.querySelector('#analysis .table-scroll');
      const right = box.getBoundingClientRect().right;
      const cells = [...document.querySelectorAll('#moves-table tr')].flatMap((tr) => [4, 5, 6].map((k) => tr.children[k]));
      const out = cells.filter((c) => c.getBoundingClientRect().right > right + 0.5 || !c.checkVisibility());
      const lost = [...document.querySelectorAll('#moves-body tr.mistake')];
      return {
        scroll: box.scrollWidth - box.clientWidth,
        heads: [4, 5, 6].map((k) => document.querySelector('#moves-table thead tr').children[k].textContent.trim()),
        out: out.map((c) => `${c.tagName} ${c.textContent.trim()} right ${Math.round(c.getBoundingClientRect().right)} > ${Math.round(right)}`),
        mistakes: lost.length,
        best: lost.filter((tr) => { const b = tr.querySelector('.best-inline'); return b && b.checkVisibility() && /^best /.test(b.textContent); }).length,
        page: document.documentElement.scrollWidth - window.innerWidth,
      };
    });
    ok(g.scroll <= 0 && g.page <= 0, `the review table on a 360-px phone needs no sideways scroll (${g.scroll} px more than its box)`, show(g));
    ok(g.out.length === 0, `its columns ${g.heads.join(', ')} are in view, header and every row`, g.out.slice(0, 6).join('\n'));
    ok(g.mistakes > 0 && g.best === g.mistakes, `each of its ${g.mistakes} moves that lost points shows the best move`, show(g));
    await h.shot(pr, 'phone-review-table.png', true);
  });

  /* -------------------------------------------------------------- */
  const pc = await newPage(phone, 'layout-circle');
  await section('layout-circle', pc, async () => {
    await h.open(pc, `${base}#size=30&seed=5&min=1&max=20&difficulty=easy&first=you&circle=0&moves=`);
    await idle(pc);
    await pc.fill('#pick', '7');
    await pc.click('#pick-take');
    await pc.waitForFunction(() => document.body.dataset.busy === 'false' && document.getElementById('coins').dataset.moves.length === 1,
      null, { timeout: TIMEOUT });
    await pc.evaluate(() => window.scrollTo(0, 0));
    const g = await pc.evaluate(() => ['take-left', 'take-right', 'hint', 'undo'].map((id) => {
      const r = document.getElementById(id).getBoundingClientRect();
      return { id, top: Math.round(r.top), bottom: Math.round(r.bottom), view: window.innerHeight };
    }));
    ok(g.every((b) => b.top >= 0 && b.bottom <= b.view), 'a 30-coin circle after move 1 on a 360 x 740 phone: the take buttons, Hint and Undo are in view at the top of the page', show(g));
    await h.shot(pc, 'phone-circle-30.png');
  });

  /* -------------------------------------------------------------- */
  const moving = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'no-preference' });
  await moving.addInitScript(h.CSP_LISTENER);
  // The ring's animations, read the moment it says it turns.
  await moving.addInitScript(() => {
    window.__turns = [];
    document.addEventListener('DOMContentLoaded', () => {
      const ring = document.getElementById('ring');
      new MutationObserver(() => {
        const frames = (e) => e.getAnimations().map((a) => a.effect.getKeyframes().map((k) => k.rotate));
        window.__turns.push({
          turn: ring.dataset.turn,
          ring: frames(ring),
          coins: [...ring.querySelectorAll('.ring-coin')].map(frames),
        });
      }).observe(ring, { attributes: true, attributeFilter: ['data-turn'] });
    });
  });
  const pt = await newPage(moving, 'layout-ring');
  await section('layout-ring', pt, async () => {
    await h.open(pt, `${base}#row=5,1,8,2,9,3,7,4,6&seed=0&difficulty=perfect&first=you&circle=0&moves=`);
    await idle(pt);
    await pt.click('#ring .coin[data-position="4"]');
    await pt.waitForFunction(() => document.body.dataset.busy === 'false' && document.getElementById('coins').dataset.moves.length === 1,
      null, { timeout: TIMEOUT });
    await pt.waitForTimeout(700); // the turn is over
    const t = await pt.evaluate(() => {
      const ring = document.getElementById('ring').getBoundingClientRect();
      const at = (sel) => {
        const r = document.querySelector(sel).getBoundingClientRect();
        return { x: r.left + r.width / 2 - (ring.left + ring.width / 2), y: r.top + r.height / 2 - (ring.top + ring.height / 2) };
      };
      return { turns: window.__turns, left: at('#ring .coin[data-end="left"]'), right: at('#ring .coin[data-end="right"]') };
    });
    const first = t.turns[0] || {};
    const turn = Number(first.turn);
    ok(Number.isFinite(turn) && turn !== 0, `move 1 turns the ring (#ring[data-turn] = ${first.turn} degrees)`, show(t.turns));
    const ringFrames = (first.ring || [])[0] || [];
    ok(ringFrames.length === 2 && parseFloat(ringFrames[0]) === -turn && parseFloat(ringFrames[1]) === 0,
      'the ring is animated: a rotation from where it was to its place', show(first.ring));
    const coins = first.coins || [];
    ok(coins.length > 0 && coins.every((c) => c.length === 1 && parseFloat(c[0][0]) === turn && parseFloat(c[0][1]) === 0),
      'its coins turn the other way meanwhile (they stay upright)', show(coins.slice(0, 2)));
    ok(t.left.x < 0 && t.left.y > 0 && t.right.x > 0 && t.right.y > 0, 'once turned, the left end is at the bottom left and the right end at the bottom right', show(t));
    // Reduced motion: turned at once.
    const still = await newPage(desktop, 'layout-ring-still');
    await h.open(still, `${base}#row=5,1,8,2,9,3,7,4,6&seed=0&difficulty=perfect&first=you&circle=0&moves=`);
    await idle(still);
    await still.click('#ring .coin[data-position="4"]');
    const r = await still.evaluate(() => ({ turn: document.getElementById('ring').dataset.turn, anims: document.getElementById('ring').getAnimations().length }));
    ok(r.turn === first.turn && r.anims === 0, 'with reduced motion the ring makes the same turn at once, not animated', show(r));
  });

  /* -------------------------------------------------------------- */
  const ph = await newPage(desktop, 'layout-heatmap');
  await section('layout-heatmap', ph, async () => {
    await h.open(ph, nearEnd(12));
    await idle(ph);
    await ph.click('#take-left');
    await idle(ph, true);
    const g = await ph.evaluate(() => {
      const frames = [...document.querySelectorAll('#table rect.cell.opt')].map((r) => {
        const w = parseFloat(getComputedStyle(r).strokeWidth) || 0;
        const x = Number(r.getAttribute('x'));
        const y = Number(r.getAttribute('y'));
        // Inside the frame: clear of its stroke and of the mark's own.
        const m = w / 2 + 1.25;
        return { x0: x + m, y0: y + m, x1: x + Number(r.getAttribute('width')) - m, y1: y + Number(r.getAttribute('height')) - m };
      });
      const bad = [];
      let marks = 0;
      for (const p of document.querySelectorAll('#table .opt-line, #table .opt-line path')) {
        if (typeof p.getTotalLength !== 'function') continue;
        marks++;
        const len = p.getTotalLength();
        for (let s = 0; s <= len; s += 0.5) {
          const pt = p.getPointAtLength(s);
          if (!frames.some((f) => pt.x > f.x0 && pt.x < f.x1 && pt.y > f.y0 && pt.y < f.y1)) {
            bad.push(`(${pt.x.toFixed(1)}, ${pt.y.toFixed(1)})`);
            break;
          }
        }
      }
      return { frames: frames.length, marks, bad };
    });
    ok(g.frames === 12 && g.bad.length === 0, `the optimal line's marks stay inside the ${g.frames} framed cells: none crosses a frame`, show(g));
    ok(g.marks === g.frames - 1, `a mark in each framed cell but the last (${g.marks})`, show(g));
  });

  /* -------------------------------------------------------------- */
  const pm = await newPage(phone, 'layout-heatmap-phone');
  await section('layout-heatmap-phone', pm, async () => {
    const sizes = {};
    for (const n of [12, 16]) {
      await h.open(pm, nearEnd(n));
      await idle(pm);
      await pm.click('#take-left');
      await idle(pm, true);
      await pm.waitForTimeout(100); // the scrollers are marked at the next frame
      if (n === 16) await h.shot(pm, 'phone-heatmap-16.png', true);
      sizes[n] = await pm.evaluate(() => {
        const box = document.querySelector('#table-section .table-scroll');
        const cue = box.nextElementSibling;
        const last = [...document.querySelectorAll('#table rect.head')].reduce((m, r) => Math.max(m, r.getBoundingClientRect().right), 0);
        return {
          more: box.scrollWidth - box.clientWidth,
          lastRight: Math.round(last),
          boxRight: Math.round(box.getBoundingClientRect().right),
          cue: cue && cue.classList.contains('scroll-cue') && cue.checkVisibility() ? cue.textContent.trim() : null,
          cueFont: cue ? parseFloat(getComputedStyle(cue).fontSize) : 0,
        };
      });
    }
    const [a, b] = [sizes[12], sizes[16]];
    ok(a.more <= 0 && a.lastRight <= a.boxRight && a.cue === null, 'the heat map of 12 coins fits a 360-px phone: its last column whole, no scroll', show(a));
    ok(b.more > 0 && b.cue && /scroll sideways/i.test(b.cue) && b.cueFont >= 12, 'that of 16 coins scrolls sideways and says so under it', show(b));
  });
}
