/**
 * The page runs on Preact's React layer (decision 0046), which hands a handler the
 * browser's own event where React handed a plain-object copy. antd's inputs make a changed event
 * with `Object.create(event, { target })` (a length cap, a clear button, an IME composition): on a
 * browser event, reading `type` or `cancelBubble` through such an object throws "Illegal
 * invocation", as the event's getters refuse a receiver that is not the event itself. Each event
 * handed to a handler is a proxy that reads every property from the event itself, so an object made
 * from it reads as the event does.
 */
import { options } from 'preact';

const readsFromTheEvent: ProxyHandler<Event> = {
  get(event, key) {
    const value = Reflect.get(event, key, event);
    return typeof value === 'function' ? value.bind(event) : value;
  },
  // A setter of the event (cancelBubble, returnValue) refuses the proxy as its receiver too.
  set(event, key, value) {
    return Reflect.set(event, key, value, event);
  },
};

const before = options.event;
options.event = (e) => new Proxy(before ? before(e) : e, readsFromTheEvent);
