/**
 * A stub of Google's Google Pay API script (pay.js) for the browser tests, served on
 * loopback by e2e/merchant-site.mjs, as peers test Google Pay: the same global
 * (google.payments.api.PaymentsClient), the same request checks and the same response shapes
 * (developers.google.com/pay/api/web/reference), with a TEST-environment PAYMENT_GATEWAY token
 * of protocol ECv2 whose encryptedMessage is the payload in base64 (the sandbox's TEST reading).
 * window.__googlePay: { requests: [...] } records what the page asked; set { cancel: true } to
 * have the sheet closed.
 */
(function () {
  'use strict';
  const state = (window.__googlePay = window.__googlePay || { requests: [] });
  const fail = (message) => Promise.reject({ statusCode: 'DEVELOPER_ERROR', statusMessage: message });
  const checkBase = (request) =>
    request &&
    request.apiVersion === 2 &&
    request.apiVersionMinor === 0 &&
    Array.isArray(request.allowedPaymentMethods) &&
    request.allowedPaymentMethods.length > 0;
  class PaymentsClient {
    constructor(options) {
      if (!options || (options.environment !== 'TEST' && options.environment !== 'PRODUCTION'))
        throw new Error('environment must be TEST or PRODUCTION');
      this.environment = options.environment;
    }
    isReadyToPay(request) {
      if (!checkBase(request)) return fail('isReadyToPay: apiVersion 2.0 and allowedPaymentMethods are required');
      return Promise.resolve({ result: request.allowedPaymentMethods.some((m) => m.type === 'CARD') });
    }
    createButton(options) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'gpay-button';
      button.setAttribute('aria-label', 'Google Pay');
      button.textContent = 'G Pay';
      button.style.cssText = 'width:100%;min-height:44px;border-radius:4px;background:#000;color:#fff;font-weight:600;border:0';
      button.addEventListener('click', () => options.onClick());
      return button;
    }
    loadPaymentData(request) {
      state.requests.push(JSON.parse(JSON.stringify(request)));
      // Told on the console too: the card page may have moved on to its status page when the test reads it.
      console.info(`googlePay.loadPaymentData ${JSON.stringify(request)}`);
      if (!checkBase(request)) return fail('loadPaymentData: apiVersion 2.0 and allowedPaymentMethods are required');
      const card = request.allowedPaymentMethods[0];
      const spec = card.tokenizationSpecification;
      if (
        card.type !== 'CARD' ||
        !spec ||
        spec.type !== 'PAYMENT_GATEWAY' ||
        !spec.parameters.gateway ||
        !spec.parameters.gatewayMerchantId
      )
        return fail('CARD with PAYMENT_GATEWAY tokenization is required');
      const info = request.transactionInfo;
      if (!info || info.totalPriceStatus !== 'FINAL' || !/^\d+(\.\d{1,2})?$/.test(info.totalPrice) || !/^[A-Z]{3}$/.test(info.currencyCode))
        return fail('transactionInfo is invalid');
      if (state.cancel) return Promise.reject({ statusCode: 'CANCELED' });
      const payload = {
        gatewayMerchantId: spec.parameters.gatewayMerchantId,
        messageExpiration: String(Date.now() + 10 * 60 * 1000),
        messageId: 'AH2Ejt' + Math.random().toString(36).slice(2),
        paymentMethod: 'CARD',
        paymentMethodDetails: {
          expirationYear: new Date().getFullYear() + 3,
          expirationMonth: 12,
          pan: '4111111111111111',
          authMethod: 'PAN_ONLY',
        },
      };
      const token = {
        protocolVersion: 'ECv2',
        signature: 'MEQCIH6Q4OwQ0jAceFEkGF0JID6sJNXxOEi4r+mA7biRxqBQAiAondqoUpU/bdsrAOpZIsrHQS9nwiiNwOrr24RyPeHA0Q==',
        intermediateSigningKey: {
          signedKey: '{"keyExpiration":"1542323393147","keyValue":"MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE"}',
          signatures: ['MEYCIQCO2EIi48s8VTH+ilMEpoXLFfkxAwHjfPSCVED/QDSHmQ=='],
        },
        signedMessage: JSON.stringify({
          encryptedMessage: btoa(JSON.stringify(payload)),
          ephemeralPublicKey: 'BOdoXP1aiNp',
          tag: 'MAf9kgfzWpS2vAXWLb2D8ivGAS0kuzRJhyqiGgMkMVk=',
        }),
      };
      return Promise.resolve({
        apiVersion: 2,
        apiVersionMinor: 0,
        paymentMethodData: {
          type: 'CARD',
          description: 'Visa •••• 1111',
          info: { cardNetwork: 'VISA', cardDetails: '1111' },
          tokenizationData: { type: 'PAYMENT_GATEWAY', token: JSON.stringify(token) },
        },
      });
    }
  }
  window.google = window.google || {};
  window.google.payments = { api: { PaymentsClient } };
})();
