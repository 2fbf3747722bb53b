// Runs before the first paint (a classic script in <head>, allowed by the CSP's script-src 'self'):
// puts the remembered theme's class on <html> so a dark-theme user never sees a light flash.
// The key and values match src/lib/theme.ts, which keeps them up to date.
(function () {
  try {
    var theme = localStorage.getItem('doppel.theme');
    if (theme === 'light' || theme === 'dark') document.documentElement.classList.add(theme);
  } catch (error) {
    // Storage unavailable: the theme follows the device.
  }
})();
