// Pebble Games' page script: mounts a framed hosted page with the checkout's embed script (loaded before
// this one, pinned to its integrity hash), and keeps the header's balance current without a reload.
(() => {
  for (const element of document.querySelectorAll('[data-frame]')) {
    window.CheckoutEmbed.mount(element, {
      url: element.dataset.frame,
      checkoutOrigin: element.dataset.checkoutOrigin,
      title: element.dataset.title,
    });
  }

  const poll = (url, every, apply) => {
    const tick = async () => {
      if (document.visibilityState === 'visible') {
        try {
          const response = await fetch(url, { cache: 'no-store' });
          if (response.ok && apply(await response.json()) === false) return;
        } catch {
          // offline for a moment: the next tick tries again
        }
      }
      setTimeout(tick, every);
    };
    setTimeout(tick, every);
  };

  const balance = document.getElementById('balance');
  if (balance) {
    const format = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' });
    poll('/me/balance', 1000, ({ balanceMinor }) => {
      const text = format.format(balanceMinor / 100);
      if (balance.textContent !== text) balance.textContent = text;
    });
  }

  const order = document.querySelector('[data-order]');
  if (order && order.textContent === 'Waiting for the payment') {
    const labels = { PAID: 'Paid', NOT_PAID: 'Not paid' };
    poll(`/shop/orders/${order.dataset.order}.json`, 1000, ({ status }) => {
      if (!labels[status]) return true;
      order.textContent = labels[status];
      return false;
    });
  }
})();
