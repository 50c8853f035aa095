/* Check-in desk: read a pair's check-in QR with the camera or from a photo (jsQR, vendored
   in static/vendor/jsqr) and post the text read to the desk; the server checks the code. */
(function () {
  "use strict";
  var script = document.currentScript;
  var form = document.getElementById("scan-form");
  var field = document.getElementById("scan-code");
  var status = document.getElementById("scan-status");
  var video = document.getElementById("camera");
  var canvas = document.getElementById("qr-canvas");
  var context = canvas.getContext("2d", { willReadFrequently: true });
  var MAX_SIDE = 1200; // a phone photo is scaled down before reading: fast, still sharp enough
  var sent = false;

  function say(key) { status.textContent = script.dataset[key] || ""; }

  function read(source, width, height) {
    var scale = Math.min(1, MAX_SIDE / Math.max(width, height));
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    context.drawImage(source, 0, 0, canvas.width, canvas.height);
    var pixels = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(pixels.data, pixels.width, pixels.height);
  }

  function send(code) {
    if (sent) { return; }
    sent = true;
    field.value = code.data;
    form.submit();
  }

  document.getElementById("qr-file").addEventListener("change", function (event) {
    var file = event.target.files[0];
    if (!file) { return; }
    var image = new Image();
    image.onload = function () {
      var code = read(image, image.naturalWidth, image.naturalHeight);
      URL.revokeObjectURL(image.src);
      if (code) { send(code); } else { say("msgNotfound"); }
    };
    image.src = URL.createObjectURL(file);
  });

  function tick() {
    if (sent) { return; }
    if (video.readyState === video.HAVE_ENOUGH_DATA) {
      var code = read(video, video.videoWidth, video.videoHeight);
      if (code) { send(code); return; }
    }
    requestAnimationFrame(tick);
  }

  document.getElementById("camera-start").addEventListener("click", function () {
    if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) {
      say("msgNocamera");
      return;
    }
    navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } })
      .then(function (stream) {
        video.srcObject = stream;
        video.hidden = false;
        video.play();
        say("msgScanning");
        requestAnimationFrame(tick);
      })
      .catch(function () { say("msgNocamera"); });
  });
})();
