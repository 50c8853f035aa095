/* The read API's docs page: Swagger UI from django-ninja's bundle, settings from the page. */
(function () {
  "use strict";
  var settings = JSON.parse(document.getElementById("swagger-settings").textContent);
  settings.dom_id = "#swagger-ui";
  settings.presets = [SwaggerUIBundle.presets.apis];
  window.ui = SwaggerUIBundle(settings);
})();
