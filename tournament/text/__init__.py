"""The words below the models: the message catalogue (message code -> text), round titles,
the options' vocabularies and the pinyin name keys. Django's translation, no model, no request:
the models and everything above import them (.importlinter, layers)."""
