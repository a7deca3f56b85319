// A moment: a short banner over the board for a completed pitch, reach, wave or day and for a new best, with its
// sound. It never takes focus or blocks input; it goes by itself, a click or key skips it, and under reduced
// motion it appears without moving.
import { esc, type Moment } from '@hearth/engine/web';
import { play } from './sound.ts';

export function showMoment(host: HTMLElement, m: Pick<Moment, 'title' | 'detail'>, kind: 'moment' | 'best'): void {
  const el = document.createElement('div');
  el.className = `moment-toast ${kind}`;
  el.dataset.moment = kind;
  el.setAttribute('role', 'status');
  el.innerHTML = `<strong>${kind === 'best' ? '▲ ' : '★ '}${esc(m.title)}</strong>${m.detail ? `<span>${esc(m.detail)}</span>` : ''}`;
  host.querySelector(`.moment-toast.${kind}`)?.remove();
  host.append(el);
  play([kind]);
  const remove = () => el.remove();
  el.addEventListener('click', remove);
  setTimeout(remove, 2600);
}
