/**
 * Hosted checkout embed script (no dependencies). Mounts a hosted page (card, APM, cashier or
 * withdrawal widget) in an iframe inside an element of the merchant's page:
 *
 *   <div id="checkout"></div>
 *   <script src="https://checkout.example/embed.js"></script>
 *   <script>
 *     const embed = CheckoutEmbed.mount('#checkout', {
 *       url: 'https://checkout.example/cashier/cs_123/widget',
 *       title: 'Withdraw',                          // the iframe's accessible name
 *       onMessage: (message) => console.log(message), // every message but resize and redirect
 *     });
 *     // embed.destroy() removes the iframe and the listener.
 *   </script>
 *
 * Every message is accepted only from the iframe itself and from the URL's origin, and must
 * have `source: "checkout"` and `version: 1`. `resize` sets the iframe's height (CSS px);
 * `redirect` navigates the top window to its `url` (http or https only); the others go to
 * `onMessage`. The iframe is not sandboxed: the hosted pages' forms need their own origin.
 */
(function () {
  'use strict';

  function mount(target, options) {
    var container = typeof target === 'string' ? document.querySelector(target) : target;
    if (!container) throw new Error('CheckoutEmbed: no element ' + target);
    if (!options || !options.url) throw new Error('CheckoutEmbed: options.url is required');
    var origin = new URL(options.url, window.location.href).origin;

    var frame = document.createElement('iframe');
    frame.src = options.url;
    frame.title = options.title || 'Secure payment';
    frame.style.width = '100%';
    frame.style.border = '0';
    frame.style.display = 'block';
    frame.style.height = (options.initialHeight || 480) + 'px';
    frame.setAttribute('allow', 'payment');
    container.appendChild(frame);

    function onMessage(event) {
      if (event.origin !== origin || event.source !== frame.contentWindow) return;
      var data = event.data;
      if (!data || typeof data !== 'object' || data.source !== 'checkout' || data.version !== 1) return;
      if (data.type === 'resize') {
        if (typeof data.height === 'number' && data.height > 0 && data.height < 20000) frame.style.height = Math.ceil(data.height) + 'px';
        return;
      }
      if (data.type === 'redirect') {
        if (typeof data.url === 'string' && /^https?:\/\//.test(data.url)) window.location.assign(data.url);
        return;
      }
      if (typeof options.onMessage === 'function') options.onMessage(data);
    }

    window.addEventListener('message', onMessage);
    return {
      iframe: frame,
      destroy: function () {
        window.removeEventListener('message', onMessage);
        frame.remove();
      },
    };
  }

  window.CheckoutEmbed = { mount: mount };
})();
